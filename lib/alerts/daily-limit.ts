// The "daily limit nearly reached" rule's reading: the approval policy's daily limits (per operator
// and for the whole merchant, São Paulo days) against today's totals of what was sent, approved or
// is awaiting approval — the same sums the cash-out path checks (lib/db/queries/daily-totals.ts).
import type { Database } from "@/lib/db/client";
import { getApprovalPolicy } from "@/lib/db/queries/approval-policy";
import { getDailyTotals, operatorsWithCashOutsOn } from "@/lib/db/queries/daily-totals";
import { committedOrAwaiting } from "@/lib/vocabulary/daily-totals";
import { saoPauloDayOf } from "@/lib/vocabulary/sao-paulo-dates";

export type DailyLimitUsage =
  | { configured: false }
  | {
      configured: true;
      /** The São Paulo day (YYYY-MM-DD) the usage belongs to: one incident per limit per day. */
      day: string;
      limits: Array<{ limitKey: string; usedCents: number; limitCents: number }>;
    };

export async function readDailyLimitUsage(db: Database, now: Date): Promise<DailyLimitUsage> {
  // Only the limits are read here: the approval threshold's sandbox default does not matter.
  const policy = await getApprovalPolicy(db, { walletIsSandbox: false });
  if (policy.merchantDailyLimitCents === null && policy.operatorDailyLimitCents === null) return { configured: false };
  const day = saoPauloDayOf(now);
  const limits: Array<{ limitKey: string; usedCents: number; limitCents: number }> = [];
  if (policy.merchantDailyLimitCents !== null) {
    limits.push({
      limitKey: "merchant",
      usedCents: committedOrAwaiting(await getDailyTotals(db, { day, now })),
      limitCents: policy.merchantDailyLimitCents,
    });
  }
  if (policy.operatorDailyLimitCents !== null) {
    for (const operator of await operatorsWithCashOutsOn(db, day)) {
      const usedCents = committedOrAwaiting(await getDailyTotals(db, { day, now, operatorId: operator.id }));
      limits.push({ limitKey: `operator ${operator.email}`, usedCents, limitCents: policy.operatorDailyLimitCents });
    }
  }
  return { configured: true, day, limits };
}
