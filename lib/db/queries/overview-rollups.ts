// Reads of the Overview's maintained rollups (lib/db/schema/overview-rollups.ts, kept by triggers in
// migration 0012, keyed by store since 0042): grouped sums over a range of days or hours, so each
// figure costs O(buckets), not O(rows). The slots and the stores a key is spread over are summed
// here: every row for all stores (on the primary key), the scope's stores' rows otherwise (on the
// rollups' store index), so one store's figures are its own ledger's.
import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { storeScopeCondition } from "@/lib/db/queries/store-scope";
import { overviewPayTimeRollups, overviewRollups } from "@/lib/db/schema/overview-rollups";
import { saoPauloDayOf, saoPauloDayStart } from "@/lib/vocabulary/sao-paulo-dates";
import type { StoreScope } from "@/lib/vocabulary/store-scope";

type Reader = Pick<Database, "select">;
export type RollupGrain = "day" | "hour";

const hourMs = 3_600_000;

/** The coarsest grain a range is made of: whole São Paulo days, else whole hours (anything finer is a mistake). */
export function rollupGrainOf(range: { start: Date; end: Date }): RollupGrain {
  const isDayStart = (instant: Date) => saoPauloDayStart(saoPauloDayOf(instant)).getTime() === instant.getTime();
  if (isDayStart(range.start) && isDayStart(range.end)) return "day";
  if (range.start.getTime() % hourMs === 0 && range.end.getTime() % hourMs === 0) return "hour";
  throw new RangeError("The Overview's figures are kept per hour: a range must start and end on whole hours");
}

function inRange<T extends typeof overviewRollups | typeof overviewPayTimeRollups>(
  table: T,
  stores: StoreScope,
  grain: RollupGrain,
  range: { start: Date; end: Date },
) {
  return and(
    storeScopeCondition(table.storeId, stores),
    eq(table.grain, grain),
    gte(table.bucketStart, range.start),
    lt(table.bucketStart, range.end),
  );
}

/** Counts and sums per bucket start, kind and outcome (bigint sums come back as text: exact). */
export function rollupGroupsQuery(db: Reader, stores: StoreScope, grain: RollupGrain, range: { start: Date; end: Date }) {
  return db
    .select({
      bucketStart: overviewRollups.bucketStart,
      kind: overviewRollups.kind,
      outcome: overviewRollups.outcome,
      count: sql<string>`sum(${overviewRollups.count})`,
      amountCents: sql<string>`sum(${overviewRollups.amountCents})`,
      taxedCount: sql<string>`sum(${overviewRollups.taxedCount})`,
      taxedAmountCents: sql<string>`sum(${overviewRollups.taxedAmountCents})`,
      tax: sql<string>`sum(${overviewRollups.tax})`,
    })
    .from(overviewRollups)
    .where(inRange(overviewRollups, stores, grain, range))
    .groupBy(overviewRollups.bucketStart, overviewRollups.kind, overviewRollups.outcome);
}

/**
 * The charts' figures, one row per bucket start (the kinds, outcomes and slots summed here, so the
 * rows that come back are as many as the range's days or hours, however busy each one was). Sums
 * come back as text (bigint and numeric: exact).
 */
export function chartBucketsQuery(db: Reader, stores: StoreScope, grain: RollupGrain, range: { start: Date; end: Date }) {
  const { count, amountCents, taxedCount, taxedAmountCents, tax, kind, outcome } = overviewRollups;
  const charge = sql`${kind} = 'CASH_IN'`;
  const paid = sql`${charge} and ${outcome} = 'SUCCEED'`;
  const chargesWith = (outcomes: SQL) => sql<string>`coalesce(sum(${count}) filter (where ${charge} and ${outcome} ${outcomes}), 0)`;
  return db
    .select({
      bucketStart: overviewRollups.bucketStart,
      cashInSettledCents: sql<string>`coalesce(sum(${amountCents}) filter (where ${paid}), 0)`,
      cashOutSettledCents: sql<string>`coalesce(sum(${amountCents}) filter (where ${kind} = 'CASH_OUT' and ${outcome} = 'SUCCEED'), 0)`,
      chargesCreated: sql<string>`coalesce(sum(${count}) filter (where ${charge}), 0)`,
      chargesPaid: chargesWith(sql`= 'SUCCEED'`),
      chargesCanceled: chargesWith(sql`= 'CANCELED'`),
      chargesFailed: chargesWith(sql`= 'FAILED'`),
      chargesUnknown: chargesWith(sql`= 'UNKNOWN'`),
      chargesPending: chargesWith(sql`not in ('SUCCEED', 'CANCELED', 'FAILED', 'UNKNOWN')`),
      taxedPaidCents: sql<string>`coalesce(sum(${taxedAmountCents}) filter (where ${paid}), 0)`,
      taxedPaidCount: sql<string>`coalesce(sum(${taxedCount}) filter (where ${paid}), 0)`,
      tax: sql<string>`coalesce(sum(${tax}) filter (where ${paid}), 0)`,
    })
    .from(overviewRollups)
    .where(inRange(overviewRollups, stores, grain, range))
    .groupBy(overviewRollups.bucketStart);
}

/**
 * Paid charges' time to pay, one row per bucket start: the histogram's buckets and their counts as
 * two arrays in step (the slots summed), so the rows are as many as the range's days or hours.
 */
export function payTimeHistogramsQuery(db: Reader, stores: StoreScope, grain: RollupGrain, range: { start: Date; end: Date }) {
  const perBucket = db
    .select({
      bucketStart: overviewPayTimeRollups.bucketStart,
      paceBucket: overviewPayTimeRollups.paceBucket,
      count: sql<string>`sum(${overviewPayTimeRollups.count})`.as("count"),
    })
    .from(overviewPayTimeRollups)
    .where(inRange(overviewPayTimeRollups, stores, grain, range))
    .groupBy(overviewPayTimeRollups.bucketStart, overviewPayTimeRollups.paceBucket)
    .as("per_bucket");
  return db
    .select({
      bucketStart: perBucket.bucketStart,
      // int and text arrays: both drivers hand these back as JavaScript arrays.
      paceBuckets: sql<number[]>`array_agg(${perBucket.paceBucket}::int)`,
      counts: sql<string[]>`array_agg(${perBucket.count}::text)`,
    })
    .from(perBucket)
    .groupBy(perBucket.bucketStart);
}

export function toSafeInteger(text: string | number | null): number {
  const value = Number(text ?? 0);
  if (!Number.isSafeInteger(value)) throw new RangeError(`Figure out of range: ${text}`);
  return value;
}
