"use server";
// "Send test event": an endpoint.test event to this endpoint only (admins, audited).
import { revalidatePath } from "next/cache";
import { recordAuditEvent } from "@/lib/audit";
import { operatorAction } from "@/lib/actions/operator-action";
import { findEventEndpoint } from "@/lib/db/queries/events";
import { sendTestEvent } from "@/lib/events/endpoints";
import { wakeEventDeliveryWorker } from "@/lib/events/event-worker-host";
import { msg } from "@/lib/i18n/message";
import { endpointIdSchema } from "@/lib/schemas/events";

export const sendTestEventAction = operatorAction(
  { name: "events.sendTest", capability: "manageOperators", input: endpointIdSchema, wholeMerchant: true },
  async (input, { db, operator }) => {
    if (!(await findEventEndpoint(db, input.endpointId))) return { ok: false, code: "FAILED", error: msg("errors.events.notFound") };
    const eventId = await sendTestEvent(db, input.endpointId);
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "events.sendTest",
      outcome: "success",
      target: { type: "event_endpoint", id: input.endpointId },
      details: { eventId },
    });
    wakeEventDeliveryWorker();
    revalidatePath(`/settings/events/${input.endpointId}`);
    return { ok: true, data: { eventId } };
  },
);
