"use server";
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { revokeDisplayDevice } from "@/lib/displays/pairing";
import { displayDeviceReferenceSchema } from "@/lib/schemas/counter";
import { msg } from "@/lib/i18n/message";

export const revokeDisplayDeviceAction = operatorAction(
  { name: "display.revoke", capability: "manageCounters", input: displayDeviceReferenceSchema },
  async ({ deviceId }, { db, operator }) => {
    // A device of another store's counter is as unknown as a made-up id (issue #49).
    const revoked = await revokeDisplayDevice(db, operator.storeGrants, deviceId);
    if (!revoked) return { ok: false, code: "INVALID_INPUT", error: msg("errors.counter.unknownDevice") };
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "display.revoke",
      outcome: "success",
      target: { type: "display_device", id: deviceId },
      details: { counterId: revoked.counterId },
    });
    revalidatePath("/counters");
    return { ok: true, data: null };
  },
);
