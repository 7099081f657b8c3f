"use server";
import { operatorAction } from "@/lib/actions/operator-action";
import { findCounter } from "@/lib/db/queries/counters";
import { issuePairingCode } from "@/lib/displays/pairing";
import { counterReferenceSchema } from "@/lib/schemas/counter";
import { msg } from "@/lib/i18n/message";

/** A short one-time code a display types at /display; pairing a screen is sensitive (step-up). */
export const createPairingCodeAction = operatorAction(
  { name: "display.pairing_code", capability: "manageCounters", input: counterReferenceSchema, stepUp: true },
  async ({ counterId }, { db, operator }) => {
    // Another store's counter is as unknown as a made-up id (issue #49).
    if (!(await findCounter(db, operator.storeGrants, counterId)))
      return { ok: false, code: "INVALID_INPUT", error: msg("errors.counter.unknown") };
    const { code, expiresAt } = await issuePairingCode(db, counterId, { id: operator.id, email: operator.email });
    return { ok: true, data: { code, expiresAt: expiresAt.toISOString() } };
  },
);
