// The Overview's chart figures for a São Paulo date range, bucketed by São Paulo day (or hour for a
// one-day range): settled volume per kind, charge outcomes, conversion, time to pay, net of tax.
// Read from the maintained rollups (lib/db/queries/overview-rollups.ts): O(buckets), not O(rows);
// time to pay is estimated from fixed histogram buckets (lib/vocabulary/time-to-pay-buckets.ts).
import type { Database } from "@/lib/db/client";
import { chartBucketsQuery, payTimeHistogramsQuery, toSafeInteger } from "@/lib/db/queries/overview-rollups";
import { timeToPayPercentile } from "@/lib/vocabulary/time-to-pay-buckets";
import { taxToCents, type WalletTaxUnit } from "@/lib/vocabulary/wallet-tax";
import { nextCalendarDay, saoPauloDayOf, saoPauloDayStart, saoPauloHourKey } from "@/lib/vocabulary/sao-paulo-dates";
import type { ChartBucket, ChartFigures, ChartRange } from "@/lib/vocabulary/chart-figures";
import type { StoreScope } from "@/lib/vocabulary/store-scope";

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

/** Each bucket of a range, in order, with the instant it starts (so empty days and hours still show). */
export function bucketBoundaries(range: ChartRange): Array<{ key: string; start: Date }> {
  const boundaries: Array<{ key: string; start: Date }> = [];
  if (range.unit === "day") {
    for (let day = saoPauloDayOf(range.start); saoPauloDayStart(day) < range.end; day = nextCalendarDay(day))
      boundaries.push({ key: day, start: saoPauloDayStart(day) });
    return boundaries;
  }
  for (let instant = range.start.getTime(); instant < range.end.getTime(); instant += 3_600_000) {
    const key = saoPauloHourKey(new Date(instant));
    if (boundaries.at(-1)?.key !== key) boundaries.push({ key, start: new Date(instant) });
  }
  return boundaries;
}

export function bucketKeys(range: ChartRange): string[] {
  return bucketBoundaries(range).map((boundary) => boundary.key);
}

/**
 * Which chart bucket (0-based) each rollup row's start instant falls in: São Paulo days, or hours.
 * A day's rollups start at the day's first instant, the boundary's own: looked up by instant, with
 * the São Paulo day as the fallback (formatting a date costs microseconds, per row).
 */
function bucketIndexOf(range: ChartRange, boundaries: Array<{ key: string; start: Date }>): (bucketStart: Date) => number | undefined {
  if (range.unit === "day") {
    const byStart = new Map(boundaries.map((boundary, index) => [boundary.start.getTime(), index]));
    const byDay = new Map(boundaries.map((boundary, index) => [boundary.key, index]));
    return (bucketStart) => byStart.get(bucketStart.getTime()) ?? byDay.get(saoPauloDayOf(bucketStart));
  }
  // Hour rollups start on whole UTC hours; a São Paulo hour seen twice (a clock turned back) is one bucket.
  const byHour = new Map<number, number>();
  let index = -1;
  for (let instant = range.start.getTime(); instant < range.end.getTime(); instant += 3_600_000) {
    while (index + 1 < boundaries.length && boundaries[index + 1]!.start.getTime() <= instant) index += 1;
    byHour.set(instant, index);
  }
  return (bucketStart) => byHour.get(bucketStart.getTime());
}

/**
 * The charts of the scope's stores (all stores: the merchant's). `taxUnit`: WALLET_TAX_UNIT, how the
 * wallet's tax is read (lib/vocabulary/wallet-tax.ts), as statements read it.
 */
export async function loadChartFigures(db: Database, stores: StoreScope, range: ChartRange, taxUnit: WalletTaxUnit): Promise<ChartFigures> {
  const [rows, histogramRows] = await Promise.all([
    chartBucketsQuery(db, stores, range.unit, range),
    payTimeHistogramsQuery(db, stores, range.unit, range),
  ]);
  const boundaries = bucketBoundaries(range);
  const buckets = boundaries.map((boundary) => emptyBucket(boundary.key));
  const indexOf = bucketIndexOf(range, boundaries);
  // Two rollup rows can land in one chart bucket (an hour seen twice): the tax is summed exactly per
  // bucket first, then rounded once.
  const taxes = buckets.map(() => 0);
  for (const row of rows) {
    const index = indexOf(new Date(row.bucketStart));
    const figures = index === undefined ? undefined : buckets[index];
    if (!figures || index === undefined) continue;
    figures.cashInSettledCents += toSafeInteger(row.cashInSettledCents);
    figures.cashOutSettledCents += toSafeInteger(row.cashOutSettledCents);
    figures.chargesCreated += toSafeInteger(row.chargesCreated);
    figures.chargesPaid += toSafeInteger(row.chargesPaid);
    figures.chargesCanceled += toSafeInteger(row.chargesCanceled);
    figures.chargesFailed += toSafeInteger(row.chargesFailed);
    figures.chargesPending += toSafeInteger(row.chargesPending);
    figures.chargesUnknown += toSafeInteger(row.chargesUnknown);
    figures.taxedPaidCents += toSafeInteger(row.taxedPaidCents);
    figures.taxedPaidCount += toSafeInteger(row.taxedPaidCount);
    // Kept as the wallet's decimal, summed, read in WALLET_TAX_UNIT and rounded once per bucket.
    taxes[index]! += Number(row.tax);
  }
  for (const [index, figures] of buckets.entries()) figures.taxCents = taxToCents(String(taxes[index]!), taxUnit) ?? 0;
  const feesUnstated = taxUnit === "unknown" && buckets.some((bucket) => bucket.taxedPaidCount > 0);
  if (feesUnstated) for (const figures of buckets) figures.taxedPaidCents = 0;

  const histograms = buckets.map(() => new Map<number, number>());
  const overall = new Map<number, number>();
  for (const row of histogramRows) {
    const index = indexOf(new Date(row.bucketStart));
    if (index === undefined) continue;
    for (const [position, paceBucket] of row.paceBuckets.entries()) {
      const count = toSafeInteger(row.counts[position]!);
      for (const histogram of [histograms[index]!, overall]) histogram.set(paceBucket, (histogram.get(paceBucket) ?? 0) + count);
    }
  }
  for (const [index, figures] of buckets.entries()) {
    figures.timeToPayP50Seconds = timeToPayPercentile(histograms[index]!, 0.5);
    figures.timeToPayP90Seconds = timeToPayPercentile(histograms[index]!, 0.9);
  }
  return {
    unit: range.unit,
    buckets,
    timeToPayP50Seconds: timeToPayPercentile(overall, 0.5),
    timeToPayP90Seconds: timeToPayPercentile(overall, 0.9),
    ...(feesUnstated ? { feesUnstated } : {}),
  };
}
