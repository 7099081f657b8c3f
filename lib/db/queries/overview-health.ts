// Delivery health for the Overview: when the last callback came, how many arrive per hour, and the
// counts that need someone (pending charges past expiry, deliveries not applied, quarantined bodies,
// cash-outs with unknown outcome). Each count reads a small indexed range, never the whole table.
// Within the stores a request may see (issue #49): a delivery through its transaction's store (the
// inbox's own condition, so each figure is what its link lists), a transaction by its store; a
// delivery matched to no transaction and a quarantined body are the merchant's, counted for all
// stores only.
import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { deliveriesInStores } from "@/lib/db/queries/callback-deliveries";
import { cappedCount, countUpToCap, expiredPendingCashIn } from "@/lib/db/queries/ledger";
import { storeScopeCondition } from "@/lib/db/queries/store-scope";
import { callbackDeliveries, callbackQuarantine } from "@/lib/db/schema/callbacks";
import { transactions } from "@/lib/db/schema/transactions";
import { type DeliveryHealth, healthWindowDays, type NotAppliedOutcome, notAppliedOutcomes } from "@/lib/vocabulary/delivery-health";
import type { StoreScope } from "@/lib/vocabulary/store-scope";

/**
 * The panel's figures in one statement (one round trip on the page and on each poll of
 * app/api/overview/health): each figure a scalar subquery on its own index, as they were when
 * they were seven statements.
 */
export async function loadDeliveryHealth(db: Database, stores: StoreScope, now: Date = new Date()): Promise<DeliveryHealth> {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const windowStart = new Date(now.getTime() - healthWindowDays * 86_400_000);
  const inStores = deliveriesInStores(stores);
  const transactionsInStores = storeScopeCondition(transactions.storeId, stores);
  const received = (since: Date) =>
    db
      .select({ n: count() })
      .from(callbackDeliveries)
      .where(and(gte(callbackDeliveries.receivedAt, since), inStores));
  const notAppliedCount = (outcome: NotAppliedOutcome) =>
    db
      .select({ n: count() })
      .from(callbackDeliveries)
      .where(and(eq(callbackDeliveries.outcome, outcome), gte(callbackDeliveries.receivedAt, windowStart), inStores));
  const figures = {
    // The newest first on the received_at index: for some stores, the first of theirs it meets.
    last: db
      .select({ at: callbackDeliveries.receivedAt })
      .from(callbackDeliveries)
      .where(inStores)
      .orderBy(desc(callbackDeliveries.receivedAt))
      .limit(1),
    lastHour: received(hourAgo),
    lastDay: received(dayAgo),
    // The ledger's `expired` filter, so the count is what the panel's link lists; up to the ledger's
    // cap, past which it says "more than" (a wallet that stopped sending final statuses leaves
    // thousands, and the panel is polled).
    pastExpiry: countUpToCap(transactions, and(expiredPendingCashIn(now), transactionsInStores)!),
    ...(Object.fromEntries(notAppliedOutcomes.map((outcome) => [outcome, notAppliedCount(outcome)])) as Record<
      NotAppliedOutcome,
      ReturnType<typeof notAppliedCount>
    >),
    quarantined: stores.all
      ? db.select({ n: count() }).from(callbackQuarantine).where(gte(callbackQuarantine.receivedAt, windowStart))
      : sql`select 0`,
    unknownCashOuts: db
      .select({ n: count() })
      .from(transactions)
      .where(and(eq(transactions.creationState, "outcome_unknown"), eq(transactions.kind, "CASH_OUT"), transactionsInStores)),
  };
  const columns = sql.join(
    Object.entries(figures).map(([name, query]) => sql`(${query}) as ${sql.identifier(name)}`),
    sql`, `,
  );
  const result = (await db.execute(sql`select ${columns}`)) as unknown as { rows: Array<Record<keyof typeof figures, unknown>> };
  const row = result.rows[0]!;
  const counted = (name: Exclude<keyof typeof figures, "last">) => Number(row[name] ?? 0);
  const pastExpiry = cappedCount(row.pastExpiry);
  return {
    lastCallbackAt: row.last == null ? null : new Date(row.last as string | Date),
    callbacksLastHour: counted("lastHour"),
    callbacksLast24Hours: counted("lastDay"),
    pendingChargesPastExpiry: pastExpiry.count,
    pendingChargesPastExpiryCapped: pastExpiry.capped,
    notApplied: Object.fromEntries(notAppliedOutcomes.map((outcome) => [outcome, counted(outcome)])) as Record<NotAppliedOutcome, number>,
    quarantined: counted("quarantined"),
    cashOutsOutcomeUnknown: counted("unknownCashOuts"),
    windowStart,
  };
}
