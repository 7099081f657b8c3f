// The Overview's chart figures for a São Paulo date range, bucketed by São Paulo day (or hour for a
// one-day range): settled volume per kind, charge outcomes, conversion, time to pay, net of tax.
// Every column read is in transactions_overview_covering_idx, so a range is an index-only scan.
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transactions } from "@/lib/db/schema/transactions";
import { ledgerTimeZone, nextCalendarDay, saoPauloDayOf, saoPauloDayStart } from "@/lib/vocabulary/sao-paulo-dates";
import type { ChartBucket, ChartFigures, ChartRange } from "@/lib/vocabulary/chart-figures";

function emptyBucket(key: string): ChartBucket {
  return {
    key,
    cashInSettledCents: 0,
    cashOutSettledCents: 0,
    chargesCreated: 0,
    chargesPaid: 0,
    chargesCanceled: 0,
    chargesFailed: 0,
    chargesPending: 0,
    chargesUnknown: 0,
    taxedPaidCents: 0,
    taxCents: 0,
    taxedPaidCount: 0,
    timeToPayP50Seconds: null,
    timeToPayP90Seconds: null,
  };
}

function toSafeInteger(text: string | number | null): number {
  const value = Number(text ?? 0);
  if (!Number.isSafeInteger(value)) throw new RangeError(`Figure out of range: ${text}`);
  return value;
}

function toSeconds(value: string | number | null): number | null {
  return value === null ? null : Math.round(Number(value));
}

/** Each bucket of a range, in order, with the instant it starts (so empty days and hours still show). */
export function bucketBoundaries(range: ChartRange): Array<{ key: string; start: Date }> {
  const boundaries: Array<{ key: string; start: Date }> = [];
  if (range.unit === "day") {
    for (let day = saoPauloDayOf(range.start); saoPauloDayStart(day) < range.end; day = nextCalendarDay(day))
      boundaries.push({ key: day, start: saoPauloDayStart(day) });
    return boundaries;
  }
  const format = new Intl.DateTimeFormat("en-CA", {
    timeZone: ledgerTimeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  });
  for (let instant = range.start.getTime(); instant < range.end.getTime(); instant += 3_600_000) {
    const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
    const key = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}`;
    if (boundaries.at(-1)?.key !== key) boundaries.push({ key, start: new Date(instant) });
  }
  return boundaries;
}

export function bucketKeys(range: ChartRange): string[] {
  return bucketBoundaries(range).map((boundary) => boundary.key);
}

/**
 * The bucket number (1 = the first) of each row: width_bucket over the buckets' start instants,
 * worked out here in São Paulo time. Cheaper per row than converting every timestamp to a local
 * date in SQL, and exact across any offset change.
 */
function bucketExpression(range: ChartRange) {
  const starts = bucketBoundaries(range).map((boundary) => boundary.start.getTime() / 1000);
  // Whole seconds computed above, never user text: safe to inline as an array literal.
  return sql<number>`width_bucket(extract(epoch from ${transactions.createdAt}), ${sql.raw(`array[${starts.join(",")}]::float8[]`)})`;
}

const shownStates = ["created", "outcome_unknown"] as const;

/** The grouped counts and sums of a range (exported so the benchmark can EXPLAIN it). */
export function chartGroupsQuery(db: Database, range: ChartRange) {
  const bucket = bucketExpression(range);
  return db
    .select({
      bucket,
      kind: transactions.kind,
      creationState: transactions.creationState,
      status: transactions.status,
      count: sql<string>`count(*)`,
      amountCents: sql<string | null>`sum(${transactions.amountCents})`,
      taxedAmountCents: sql<string | null>`sum(${transactions.amountCents}) filter (where ${transactions.tax} is not null)`,
      // The wallet reports tax in cents (like value); kept as a decimal, summed exactly, rounded once.
      taxCents: sql<string | null>`round(sum(${transactions.tax}))`,
      taxedCount: sql<string>`count(${transactions.tax})`,
    })
    .from(transactions)
    .where(inRange(range))
    .groupBy(bucket, transactions.kind, transactions.creationState, transactions.status);
}

function inRange(range: ChartRange) {
  return and(
    gte(transactions.createdAt, range.start),
    lt(transactions.createdAt, range.end),
    inArray(transactions.creationState, shownStates),
  );
}

export async function loadChartFigures(db: Database, range: ChartRange): Promise<ChartFigures> {
  const bucket = bucketExpression(range);
  const paidCharge = and(eq(transactions.kind, "CASH_IN"), eq(transactions.status, "SUCCEED"));
  const secondsToPay = sql`extract(epoch from (${transactions.statusChangedAt} - ${transactions.createdAt}))`;

  const [groups, paces] = await Promise.all([
    chartGroupsQuery(db, range),
    // Per bucket and, in the same scan (the empty grouping set), for the whole range.
    db
      .select({
        bucket: sql<number | null>`case when grouping(${bucket}) = 0 then ${bucket} end`,
        p50: sql<string | null>`percentile_cont(0.5) within group (order by ${secondsToPay})`,
        p90: sql<string | null>`percentile_cont(0.9) within group (order by ${secondsToPay})`,
      })
      .from(transactions)
      .where(and(inRange(range), paidCharge))
      .groupBy(sql`grouping sets ((${bucket}), ())`),
  ]);

  const keys = bucketKeys(range);
  const buckets = keys.map(emptyBucket);
  const bucketAt = (index: number | string) => buckets[Number(index) - 1];
  for (const group of groups) {
    const figures = bucketAt(group.bucket);
    if (!figures) continue;
    const count = toSafeInteger(group.count);
    const amount = toSafeInteger(group.amountCents);
    const unknown = group.creationState === "outcome_unknown" || !group.status;
    if (group.kind === "CASH_OUT") {
      if (group.status === "SUCCEED" && !unknown) figures.cashOutSettledCents += amount;
      continue;
    }
    figures.chargesCreated += count;
    if (unknown) figures.chargesUnknown += count;
    else if (group.status === "SUCCEED") {
      figures.chargesPaid += count;
      figures.cashInSettledCents += amount;
      figures.taxedPaidCents += toSafeInteger(group.taxedAmountCents);
      figures.taxCents += toSafeInteger(group.taxCents);
      figures.taxedPaidCount += toSafeInteger(group.taxedCount);
    } else if (group.status === "CANCELED") figures.chargesCanceled += count;
    else if (group.status === "FAILED") figures.chargesFailed += count;
    else figures.chargesPending += count;
  }
  let overall: { p50: string | null; p90: string | null } = { p50: null, p90: null };
  for (const pace of paces) {
    if (pace.bucket === null) {
      overall = pace;
      continue;
    }
    const figures = bucketAt(pace.bucket);
    if (!figures) continue;
    figures.timeToPayP50Seconds = toSeconds(pace.p50);
    figures.timeToPayP90Seconds = toSeconds(pace.p90);
  }
  return { unit: range.unit, buckets, timeToPayP50Seconds: toSeconds(overall.p50), timeToPayP90Seconds: toSeconds(overall.p90) };
}
