"use server";
// Cancels a replay: what no instance has claimed yet is not sent (admins, audited).
import { recordAuditEvent } from "@/lib/audit";
import { operatorAction } from "@/lib/actions/operator-action";
import { cancelReplay } from "@/lib/db/queries/events";
import { replayIdSchema } from "@/lib/schemas/events";

export const cancelEventReplayAction = operatorAction(
  { name: "events.cancelReplay", capability: "manageOperators", input: replayIdSchema, wholeMerchant: true },
  async (input, { db, operator }) => {
    const canceled = await cancelReplay(db, input.endpointId, input.replayId);
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "events.cancelReplay",
      outcome: "success",
      target: { type: "event_endpoint", id: input.endpointId },
      details: { replayId: input.replayId, canceled },
    });
    return { ok: true, data: { canceled } };
  },
);
