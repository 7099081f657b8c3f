"use server";
// Switches an event endpoint on or off (admins, audited). Switching on clears the failing mark, so
// an endpoint the worker switched off gets a fresh EVENTS_DISABLE_AFTER_HOURS.
import { revalidatePath } from "next/cache";
import { recordAuditEvent } from "@/lib/audit";
import { operatorAction } from "@/lib/actions/operator-action";
import { updateEventEndpoint } from "@/lib/db/queries/events";
import { msg } from "@/lib/i18n/message";
import { setEndpointEnabledSchema } from "@/lib/schemas/events";

export const setEventEndpointEnabledAction = operatorAction(
  { name: "events.setEnabled", capability: "manageOperators", input: setEndpointEnabledSchema, wholeMerchant: true },
  async (input, { db, operator }) => {
    const changed = await updateEventEndpoint(db, input.endpointId, {
      enabled: input.enabled,
      disabledReason: input.enabled ? null : `Switched off by ${operator.email}`,
      failingSince: null,
    });
    if (!changed) return { ok: false, code: "FAILED", error: msg("errors.events.notFound") };
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "events.setEnabled",
      outcome: "success",
      target: { type: "event_endpoint", id: input.endpointId },
      details: { enabled: input.enabled },
    });
    revalidatePath(`/settings/events/${input.endpointId}`);
    return { ok: true, data: {} };
  },
);
