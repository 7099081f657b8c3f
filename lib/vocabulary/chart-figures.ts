// The Overview's chart figures as the database layer returns them and the charts draw them:
// buckets of São Paulo days (or hours) with settled volume, charge outcomes and time to pay.

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

export type ChartFigures = {
  unit: ChartUnit;
  buckets: ChartBucket[];
  timeToPayP50Seconds: number | null;
  timeToPayP90Seconds: number | null;
  /** Paid charges had a tax whose unit the wallet does not state (WALLET_TAX_UNIT=unknown): taxCents counts none. */
  feesUnstated?: boolean;
};

/** Paid ÷ created as a fraction (null when nothing was created). */
export function conversionOf(bucket: Pick<ChartBucket, "chargesPaid" | "chargesCreated">): number | null {
  return bucket.chargesCreated === 0 ? null : bucket.chargesPaid / bucket.chargesCreated;
}
