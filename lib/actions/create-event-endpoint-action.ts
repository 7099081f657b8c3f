"use server";
// Creates an event endpoint (admins, step-up, audited). The URL goes through the outbound guard
// now as well as at every delivery; the signing secret is returned this once and stored sealed.
import { revalidatePath } from "next/cache";
import { recordAuditEvent } from "@/lib/audit";
import { operatorAction } from "@/lib/actions/operator-action";
import { createEventEndpoint } from "@/lib/events/endpoints";
import { secretBoxFor } from "@/lib/events/secret-box";
import { msg } from "@/lib/i18n/message";
import { dashboardOutboundPolicy, OutboundUrlRefusedError } from "@/lib/net/outbound-fetch";
import { createEventEndpointSchema } from "@/lib/schemas/events";

export const createEventEndpointAction = operatorAction(
  { name: "events.createEndpoint", capability: "manageOperators", input: createEventEndpointSchema, stepUp: true, wholeMerchant: true },
  async (input, { db, config, operator }) => {
    const actor = { id: operator.id, email: operator.email };
    try {
      const created = await createEventEndpoint(
        db,
        secretBoxFor(config.authSecret),
        dashboardOutboundPolicy(config),
        { url: input.url, description: input.description, eventTypes: input.eventTypes, enabled: true },
        operator.email,
      );
      await recordAuditEvent(db, {
        actor,
        action: "events.createEndpoint",
        outcome: "success",
        target: { type: "event_endpoint", id: created.id },
        details: { host: new URL(input.url).host, eventTypes: input.eventTypes },
      });
      revalidatePath("/settings/events");
      return { ok: true, data: { id: created.id, secret: created.secret } };
    } catch (error) {
      if (!(error instanceof OutboundUrlRefusedError)) throw error;
      await recordAuditEvent(db, {
        actor,
        action: "events.createEndpoint",
        outcome: "refused",
        details: { reason: "outbound_url", code: error.code, host: new URL(input.url).host },
      });
      const message = msg("errors.events.internalAddress", { host: new URL(input.url).hostname });
      return { ok: false, code: "INVALID_INPUT", error: message, fieldErrors: { url: [message] } };
    }
  },
);
