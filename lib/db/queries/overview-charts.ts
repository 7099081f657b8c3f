// The Overview's chart figures for a São Paulo date range, bucketed by São Paulo day (or hour for a
// one-day range): settled volume per kind, charge outcomes, conversion, time to pay, net of tax.
// Every column read is in transactions_overview_covering_idx, so a range is an index-only scan.
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transactions } from "@/lib/db/schema/transactions";
import { ledgerTimeZone } from "@/lib/ledger/sao-paulo-dates";

export type ChartUnit = "day" | "hour";
export type ChartRange = { start: Date; end: Date; unit: ChartUnit };

/** One bucket: a São Paulo day (YYYY-MM-DD) or hour (YYYY-MM-DD HH). */
export type ChartBucket = {
  key: string;
  cashInSettledCents: number;
  cashOutSettledCents: number;
  chargesCreated: number;
  chargesPaid: number;
  chargesCanceled: number;
  chargesFailed: number;
  chargesPending: number;
  chargesUnknown: number;
  /** Paid cash-ins whose tax the wallet reported: their amount, their tax, and how many. */
  taxedPaidCents: number;
  taxCents: number;
  taxedPaidCount: number;
  /** Seconds from creation to payment, among the bucket's paid charges; null without any. */
  timeToPayP50Seconds: number | null;
  timeToPayP90Seconds: number | null;
};

export type ChartFigures = { unit: ChartUnit; buckets: ChartBucket[]; timeToPayP50Seconds: number | null; timeToPayP90Seconds: number | null };

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

/** The bucket keys of a range, in order, so empty days and hours still show. */
export function bucketKeys(range: ChartRange): string[] {
  const keys: string[] = [];
  const step = range.unit === "day" ? 86_400_000 : 3_600_000;
  const format = new Intl.DateTimeFormat("en-CA", { timeZone: ledgerTimeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", hourCycle: "h23" });
  for (let instant = range.start.getTime(); instant < range.end.getTime(); instant += step) {
    const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
    const key = range.unit === "day" ? `${parts.year}-${parts.month}-${parts.day}` : `${parts.year}-${parts.month}-${parts.day} ${parts.hour}`;
    if (keys.at(-1) !== key) keys.push(key);
  }
  return keys;
}

function bucketExpression(unit: ChartUnit) {
  const pattern = unit === "day" ? "YYYY-MM-DD" : "YYYY-MM-DD HH24";
  return sql<string>`to_char(${transactions.createdAt} at time zone ${sql.raw(`'${ledgerTimeZone}'`)}, ${sql.raw(`'${pattern}'`)})`;
}

const shownStates = ["created", "outcome_unknown"] as const;

/** The grouped counts and sums of a range (exported so the benchmark can EXPLAIN it). */
export function chartGroupsQuery(db: Database, range: ChartRange) {
  const bucket = bucketExpression(range.unit);
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
  return and(gte(transactions.createdAt, range.start), lt(transactions.createdAt, range.end), inArray(transactions.creationState, shownStates));
}

export async function loadChartFigures(db: Database, range: ChartRange): Promise<ChartFigures> {
  const bucket = bucketExpression(range.unit);
  const paidCharge = and(eq(transactions.kind, "CASH_IN"), eq(transactions.status, "SUCCEED"));
  const secondsToPay = sql`extract(epoch from (${transactions.statusChangedAt} - ${transactions.createdAt}))`;

  const [groups, paceByBucket, paceOverall] = await Promise.all([
    chartGroupsQuery(db, range),
    db
      .select({
        bucket,
        p50: sql<string | null>`percentile_cont(0.5) within group (order by ${secondsToPay})`,
        p90: sql<string | null>`percentile_cont(0.9) within group (order by ${secondsToPay})`,
      })
      .from(transactions)
      .where(and(inRange(range), paidCharge))
      .groupBy(bucket),
    db
      .select({
        p50: sql<string | null>`percentile_cont(0.5) within group (order by ${secondsToPay})`,
        p90: sql<string | null>`percentile_cont(0.9) within group (order by ${secondsToPay})`,
      })
      .from(transactions)
      .where(and(inRange(range), paidCharge)),
  ]);

  const buckets = new Map(bucketKeys(range).map((key) => [key, emptyBucket(key)]));
  for (const group of groups) {
    const figures = buckets.get(group.bucket) ?? emptyBucket(group.bucket);
    buckets.set(group.bucket, figures);
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
  for (const pace of paceByBucket) {
    const figures = buckets.get(pace.bucket);
    if (!figures) continue;
    figures.timeToPayP50Seconds = toSeconds(pace.p50);
    figures.timeToPayP90Seconds = toSeconds(pace.p90);
  }
  const ordered = [...buckets.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { unit: range.unit, buckets: ordered, timeToPayP50Seconds: toSeconds(paceOverall[0]?.p50 ?? null), timeToPayP90Seconds: toSeconds(paceOverall[0]?.p90 ?? null) };
}

/** Paid ÷ created as a fraction (null when nothing was created). */
export function conversionOf(bucket: Pick<ChartBucket, "chargesPaid" | "chargesCreated">): number | null {
  return bucket.chargesCreated === 0 ? null : bucket.chargesPaid / bucket.chargesCreated;
}
