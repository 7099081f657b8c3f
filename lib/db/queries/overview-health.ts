// Delivery health for the Overview: when the last callback came, how many arrive per hour, and the
// counts that need someone (pending charges past expiry, deliveries not applied, quarantined bodies,
// cash-outs with unknown outcome). Each count reads a small indexed range, never the whole table.
import { and, count, eq, gte, inArray, max, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { expiredPendingCashIn } from "@/lib/db/queries/ledger";
import { callbackDeliveries, callbackQuarantine } from "@/lib/db/schema/callbacks";
import { transactions } from "@/lib/db/schema/transactions";
import { type DeliveryHealth, healthWindowDays, type NotAppliedOutcome, notAppliedOutcomes } from "@/lib/vocabulary/delivery-health";

export async function loadDeliveryHealth(db: Database, now: Date = new Date()): Promise<DeliveryHealth> {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const windowStart = new Date(now.getTime() - healthWindowDays * 86_400_000);
  const [[last], [lastHour], [lastDay], [pastExpiry], outcomes, [quarantined], [unknownCashOuts]] = await Promise.all([
    db.select({ at: max(callbackDeliveries.receivedAt) }).from(callbackDeliveries),
    db.select({ n: count() }).from(callbackDeliveries).where(gte(callbackDeliveries.receivedAt, hourAgo)),
    db.select({ n: count() }).from(callbackDeliveries).where(gte(callbackDeliveries.receivedAt, dayAgo)),
    db
      .select({ n: count() })
      .from(transactions)
      // The ledger's `expired` filter, so the count is what the panel's link lists.
      .where(expiredPendingCashIn(now)),
    db
      .select({ outcome: callbackDeliveries.outcome, n: count() })
      .from(callbackDeliveries)
      // Compared as text so a value this branch's enum does not list yet ("rejected") still counts.
      .where(
        and(
          gte(callbackDeliveries.receivedAt, windowStart),
          inArray(sql<string>`${callbackDeliveries.outcome}::text`, [...notAppliedOutcomes]),
        ),
      )
      .groupBy(callbackDeliveries.outcome),
    db.select({ n: count() }).from(callbackQuarantine).where(gte(callbackQuarantine.receivedAt, windowStart)),
    db
      .select({ n: count() })
      .from(transactions)
      .where(and(eq(transactions.creationState, "outcome_unknown"), eq(transactions.kind, "CASH_OUT"))),
  ]);
  const notApplied: Record<NotAppliedOutcome, number> = { rejected: 0, unmatched: 0 };
  for (const row of outcomes) notApplied[row.outcome as NotAppliedOutcome] = Number(row.n);
  return {
    lastCallbackAt: last?.at ? new Date(last.at) : null,
    callbacksLastHour: Number(lastHour?.n ?? 0),
    callbacksLast24Hours: Number(lastDay?.n ?? 0),
    pendingChargesPastExpiry: Number(pastExpiry?.n ?? 0),
    notApplied,
    quarantined: Number(quarantined?.n ?? 0),
    cashOutsOutcomeUnknown: Number(unknownCashOuts?.n ?? 0),
    windowStart,
  };
}
