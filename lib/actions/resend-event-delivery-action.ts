"use server";
// Resends one event to one endpoint: the same delivery, the same event id, a new round of attempts (admins, audited).
import { revalidatePath } from "next/cache";
import { recordAuditEvent } from "@/lib/audit";
import { operatorAction } from "@/lib/actions/operator-action";
import { resendEventDelivery } from "@/lib/db/queries/events";
import { wakeEventDeliveryWorker } from "@/lib/events/event-worker-host";
import { msg } from "@/lib/i18n/message";
import { resendDeliverySchema } from "@/lib/schemas/events";

export const resendEventDeliveryAction = operatorAction(
  { name: "events.resend", capability: "manageOperators", input: resendDeliverySchema, wholeMerchant: true },
  async (input, { db, operator }) => {
    if (!(await resendEventDelivery(db, input.endpointId, input.deliveryId, new Date()))) {
      return { ok: false, code: "FAILED", error: msg("errors.events.resendRefused") };
    }
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "events.resend",
      outcome: "success",
      target: { type: "event_endpoint", id: input.endpointId },
      details: { deliveryId: input.deliveryId },
    });
    wakeEventDeliveryWorker();
    revalidatePath(`/settings/events/${input.endpointId}`);
    return { ok: true, data: {} };
  },
);
