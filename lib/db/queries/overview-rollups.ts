// Reads of the Overview's maintained rollups (lib/db/schema/overview-rollups.ts, kept by triggers in
// migration 0012): grouped sums over a range of days or hours, so each figure costs O(buckets), not
// O(rows). The slots a key is spread over are summed here.
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { overviewPayTimeRollups, overviewRollups } from "@/lib/db/schema/overview-rollups";
import { saoPauloDayOf, saoPauloDayStart } from "@/lib/vocabulary/sao-paulo-dates";

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
  grain: RollupGrain,
  range: { start: Date; end: Date },
) {
  return and(eq(table.grain, grain), gte(table.bucketStart, range.start), lt(table.bucketStart, range.end));
}

/** Counts and sums per bucket start, kind and outcome (bigint sums come back as text: exact). */
export function rollupGroupsQuery(db: Reader, grain: RollupGrain, range: { start: Date; end: Date }) {
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
    .where(inRange(overviewRollups, grain, range))
    .groupBy(overviewRollups.bucketStart, overviewRollups.kind, overviewRollups.outcome);
}

/** Paid charges per bucket start and time-to-pay bucket. */
export function payTimeGroupsQuery(db: Reader, grain: RollupGrain, range: { start: Date; end: Date }) {
  return db
    .select({
      bucketStart: overviewPayTimeRollups.bucketStart,
      paceBucket: overviewPayTimeRollups.paceBucket,
      count: sql<string>`sum(${overviewPayTimeRollups.count})`,
    })
    .from(overviewPayTimeRollups)
    .where(inRange(overviewPayTimeRollups, grain, range))
    .groupBy(overviewPayTimeRollups.bucketStart, overviewPayTimeRollups.paceBucket);
}

export function toSafeInteger(text: string | number | null): number {
  const value = Number(text ?? 0);
  if (!Number.isSafeInteger(value)) throw new RangeError(`Figure out of range: ${text}`);
  return value;
}
