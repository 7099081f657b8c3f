// Delivery health for the Overview: when the last callback came, how many arrive per hour, and the
// counts that need someone (pending charges past expiry, deliveries not applied, quarantined bodies,
// cash-outs with unknown outcome). Each count reads a small indexed range, never the whole table.
// Within the stores a request may see (issue #49): a delivery through its transaction's store (the
// inbox's own condition, so each figure is what its link lists), a transaction by its store; a
// delivery matched to no transaction and a quarantined body are the merchant's, counted for all
// stores only.
import { and, count, desc, eq, gte, lt, type SQL, sql, sum } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { deliveriesInStores } from "@/lib/db/queries/callback-deliveries";
import { cappedCount, countUpToCap, expiredPendingCashIn } from "@/lib/db/queries/ledger";
import { storeScopeCondition } from "@/lib/db/queries/store-scope";
import { callbackDeliveries, callbackDeliveryRollups, callbackQuarantine } from "@/lib/db/schema/callbacks";
import { transactions } from "@/lib/db/schema/transactions";
import { type DeliveryHealth, healthWindowDays, type NotAppliedOutcome, notAppliedOutcomes } from "@/lib/vocabulary/delivery-health";
import type { StoreScope } from "@/lib/vocabulary/store-scope";

/**
 * The panel's figures in one statement (one round trip on the page and on each poll of
 * app/api/overview/health): each figure a scalar subquery on its own index, as they were when
 * they were seven statements. `now` is the present, give or take a day: the callback counts read
 * the deliveries' minute rollups, which are kept for two days (migration 0049).
 */
export async function loadDeliveryHealth(db: Database, stores: StoreScope, now: Date = new Date()): Promise<DeliveryHealth> {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const windowStart = new Date(now.getTime() - healthWindowDays * 86_400_000);
  const inStores = deliveriesInStores(stores);
  const transactionsInStores = storeScopeCondition(transactions.storeId, stores);
  const received = (since: Date) => receivedSince(db, stores, since);
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

const minuteMs = 60_000;
const hourMs = 3_600_000;

/**
 * How many deliveries these stores received from `since` to now, exactly, reading a bounded number
 * of rows whatever the rate of callbacks (issue #52, stop 60): the deliveries of `since`'s own
 * minute from the table, the minutes to the next hour and the hours from there to now from the
 * rollups the deliveries' triggers keep (migration 0049, UTC minutes and hours, a slot per writer).
 * At most a minute of deliveries, 60 minutes and 25 hours of rollup rows per store and slot.
 */
function receivedSince(db: Database, stores: StoreScope, since: Date): SQL {
  const nextMinute = new Date(Math.floor(since.getTime() / minuteMs) * minuteMs + minuteMs);
  const nextHour = new Date(Math.floor(since.getTime() / hourMs) * hourMs + hourMs);
  const rolled = (grain: "minute" | "hour", from: Date, to?: Date) =>
    db
      .select({ n: sum(callbackDeliveryRollups.count) })
      .from(callbackDeliveryRollups)
      .where(
        and(
          eq(callbackDeliveryRollups.grain, grain),
          gte(callbackDeliveryRollups.bucketStart, from),
          to ? lt(callbackDeliveryRollups.bucketStart, to) : undefined,
          storeScopeCondition(callbackDeliveryRollups.storeId, stores),
        ),
      );
  const edge = db
    .select({ n: count() })
    .from(callbackDeliveries)
    .where(and(gte(callbackDeliveries.receivedAt, since), lt(callbackDeliveries.receivedAt, nextMinute), deliveriesInStores(stores)));
  return sql`(${edge}) + coalesce((${rolled("minute", nextMinute, nextHour)}), 0) + coalesce((${rolled("hour", nextHour)}), 0)`;
}
