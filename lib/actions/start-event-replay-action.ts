"use server";
// Starts a bulk replay (a time range, or all failures) for one endpoint (admins, step-up, audited).
import { revalidatePath } from "next/cache";
import { recordAuditEvent } from "@/lib/audit";
import { operatorAction } from "@/lib/actions/operator-action";
import { startReplay } from "@/lib/db/queries/events";
import { wakeEventDeliveryWorker } from "@/lib/events/event-worker-host";
import { eventReplaySchema } from "@/lib/schemas/events";

export const startEventReplayAction = operatorAction(
  { name: "events.replay", capability: "manageOperators", input: eventReplaySchema, stepUp: true, wholeMerchant: true },
  async (input, { db, operator }) => {
    const started = await startReplay(db, input, operator.email, new Date());
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "events.replay",
      outcome: "success",
      target: { type: "event_endpoint", id: input.endpointId },
      details: {
        replayId: started.replayId,
        kind: input.kind,
        queued: started.queued,
        ...(input.kind === "range" ? { from: input.from.toISOString(), to: input.to.toISOString() } : {}),
      },
    });
    wakeEventDeliveryWorker();
    revalidatePath(`/settings/events/${input.endpointId}`);
    return { ok: true, data: started };
  },
);
