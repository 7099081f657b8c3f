"use server";
// A new signing secret for an event endpoint (admins, step-up, audited), returned this once; the
// old one keeps signing beside it for EVENTS_SECRET_OVERLAP_HOURS.
import { revalidatePath } from "next/cache";
import { recordAuditEvent } from "@/lib/audit";
import { operatorAction } from "@/lib/actions/operator-action";
import { rotateEndpointSecret } from "@/lib/events/endpoints";
import { secretBoxFor } from "@/lib/events/secret-box";
import { msg } from "@/lib/i18n/message";
import { endpointIdSchema } from "@/lib/schemas/events";

export const rotateEventEndpointSecretAction = operatorAction(
  { name: "events.rotateSecret", capability: "manageOperators", input: endpointIdSchema, stepUp: true, wholeMerchant: true },
  async (input, { db, config, operator }) => {
    const secret = await rotateEndpointSecret(
      db,
      secretBoxFor(config.authSecret),
      input.endpointId,
      config.events.secretOverlapHours * 3_600_000,
      new Date(),
    );
    if (!secret) return { ok: false, code: "FAILED", error: msg("errors.events.notFound") };
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "events.rotateSecret",
      outcome: "success",
      target: { type: "event_endpoint", id: input.endpointId },
      details: { overlapHours: config.events.secretOverlapHours },
    });
    revalidatePath(`/settings/events/${input.endpointId}`);
    return { ok: true, data: { secret } };
  },
);
