"use server";
// Deletes an event endpoint with its delivery log (admins, step-up, audited). The events stay in the outbox.
import { revalidatePath } from "next/cache";
import { recordAuditEvent } from "@/lib/audit";
import { operatorAction } from "@/lib/actions/operator-action";
import { deleteEventEndpoint } from "@/lib/db/queries/events";
import { msg } from "@/lib/i18n/message";
import { endpointIdSchema } from "@/lib/schemas/events";

export const deleteEventEndpointAction = operatorAction(
  { name: "events.deleteEndpoint", capability: "manageOperators", input: endpointIdSchema, stepUp: true, wholeMerchant: true },
  async (input, { db, operator }) => {
    if (!(await deleteEventEndpoint(db, input.endpointId))) return { ok: false, code: "FAILED", error: msg("errors.events.notFound") };
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "events.deleteEndpoint",
      outcome: "success",
      target: { type: "event_endpoint", id: input.endpointId },
    });
    revalidatePath("/settings/events");
    return { ok: true, data: {} };
  },
);
