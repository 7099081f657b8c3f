// Documented test values, like a provider's: cash-outs to these keys, or of this amount, are
// accepted (PENDING) and then settle as FAILED instead of SUCCEED (docs/sandbox-wallet.md).
import type { PixDestinyType } from "./schema";

export const cashOutFailureTestKeys: Record<PixDestinyType, string> = {
  EMAIL: "failure@sandbox.test",
  PHONE: "+5511900000000",
  DOCUMENT: "00000000191",
  RANDOM: "00000000-0000-4000-8000-000000000000",
};

/** R$ 66,66: a cash-out of exactly this value fails whatever its key. */
export const cashOutFailureTestValueCents = 6_666;

export type PlannedCashOutOutcome = { outcome: "SUCCEED"; failureReason: null } | { outcome: "FAILED"; failureReason: string };

function normalizeKey(type: PixDestinyType, key: string): string {
  if (type === "DOCUMENT") return key.replace(/[^0-9a-z]/gi, "").toUpperCase();
  return key.trim().toLowerCase();
}

export function planCashOutOutcome(type: PixDestinyType, key: string, valueCents: number): PlannedCashOutOutcome {
  if (normalizeKey(type, key) === normalizeKey(type, cashOutFailureTestKeys[type])) {
    return { outcome: "FAILED", failureReason: "destination key rejected by the receiving institution (sandbox test key)" };
  }
  if (valueCents === cashOutFailureTestValueCents) {
    return { outcome: "FAILED", failureReason: "transfer refused by the receiving institution (sandbox test amount)" };
  }
  return { outcome: "SUCCEED", failureReason: null };
}
