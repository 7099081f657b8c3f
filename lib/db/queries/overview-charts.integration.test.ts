// The Overview's chart and delivery-health figures on a real database (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), checked against sums worked out here from the seeded rows themselves.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bucketKeys, loadChartFigures } from "@/lib/db/queries/overview-charts";
import { conversionOf, type ChartBucket } from "@/lib/vocabulary/chart-figures";
import { loadDeliveryHealth } from "@/lib/db/queries/overview-health";
import { callbackDeliveries, callbackQuarantine, transactions } from "@/lib/db/schema";
import { nextCalendarDay, saoPauloDayOf, saoPauloDayStart } from "@/lib/vocabulary/sao-paulo-dates";
import { timeToPayBucketOf, timeToPayPercentile } from "@/lib/vocabulary/time-to-pay-buckets";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";
import { seededRandom } from "@/test/support/seeded-random";

type Seeded = typeof transactions.$inferInsert & { createdAt: Date };

let database: TestDatabase;
const seeded: Seeded[] = [];
const firstDay = "2025-03-10";
const days = ["2025-03-10", "2025-03-11", "2025-03-12", "2025-03-13", "2025-03-14", "2025-03-15", "2025-03-16"];
const weekStart = saoPauloDayStart(firstDay);
const weekEnd = saoPauloDayStart(nextCalendarDay(days.at(-1)!));

/** The time-to-pay histogram of some paces, bucketed here (not by the database's function). */
function histogramOf(paces: number[]): Map<number, number> {
  const histogram = new Map<number, number>();
  for (const pace of paces) histogram.set(timeToPayBucketOf(pace), (histogram.get(timeToPayBucketOf(pace)) ?? 0) + 1);
  return histogram;
}

/** PostgreSQL's percentile_cont: linear interpolation between the two nearest ranks. */
function percentileCont(values: number[], fraction: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}

beforeAll(async () => {
  database = await openTestDatabase();
  const next = seededRandom(42);
  const statuses = ["PENDING", "SUCCEED", "SUCCEED", "SUCCEED", "CANCELED", "FAILED"] as const;
  // 400 rows from a day before the week to a day after it, so the range edges are exercised.
  for (let n = 0; n < 400; n += 1) {
    const createdAt = new Date(weekStart.getTime() - 86_400_000 + Math.floor(next() * 9 * 86_400_000));
    const kind = next() < 0.7 ? "CASH_IN" : "CASH_OUT";
    const roll = next();
    const creationState = roll < 0.05 ? "outcome_unknown" : roll < 0.08 ? "rejected" : roll < 0.1 ? "creating" : "created";
    const status = creationState === "created" ? statuses[Math.floor(next() * statuses.length)]! : null;
    const amountCents = 100 + Math.floor(next() * 500_000);
    const tax = next() < 0.6 ? String(Math.floor(amountCents * 0.0099) + 0.5 * Math.floor(next() * 2)) : null;
    const statusChangedAt = status === "SUCCEED" ? new Date(createdAt.getTime() + Math.floor(next() * 3_600_000)) : null;
    seeded.push({
      id: randomUUID(),
      kind,
      creationState,
      status,
      amountCents,
      tax,
      statusChangedAt,
      createdAt,
      idempotencyKey: randomUUID(),
    });
  }
  // Exactly on the edges: the first instant of the week is in, the first instant after it is out.
  seeded.push({
    id: randomUUID(),
    kind: "CASH_IN",
    creationState: "created",
    status: "SUCCEED",
    amountCents: 777,
    tax: "7",
    statusChangedAt: new Date(weekStart.getTime() + 60_000),
    createdAt: weekStart,
    idempotencyKey: randomUUID(),
  });
  seeded.push({
    id: randomUUID(),
    kind: "CASH_IN",
    creationState: "created",
    status: "SUCCEED",
    amountCents: 888,
    tax: "8",
    statusChangedAt: new Date(weekEnd.getTime() + 60_000),
    createdAt: weekEnd,
    idempotencyKey: randomUUID(),
  });
  await database.db.insert(transactions).values(seeded);
});
afterAll(async () => {
  await database.dispose();
});

function expectedBuckets(): Map<string, ChartBucket> {
  const buckets = new Map<string, ChartBucket & { paces: number[] }>();
  for (const day of days) {
    buckets.set(day, {
      key: day,
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
      paces: [],
    });
  }
  for (const row of seeded) {
    if (row.createdAt < weekStart || row.createdAt >= weekEnd) continue;
    if (row.creationState !== "created" && row.creationState !== "outcome_unknown") continue;
    const bucket = buckets.get(saoPauloDayOf(row.createdAt))!;
    if (row.kind === "CASH_OUT") {
      if (row.creationState === "created" && row.status === "SUCCEED") bucket.cashOutSettledCents += row.amountCents;
      continue;
    }
    bucket.chargesCreated += 1;
    if (row.creationState === "outcome_unknown") bucket.chargesUnknown += 1;
    else if (row.status === "SUCCEED") {
      bucket.chargesPaid += 1;
      bucket.cashInSettledCents += row.amountCents;
      bucket.paces.push((row.statusChangedAt!.getTime() - row.createdAt.getTime()) / 1000);
      if (row.tax !== null && row.tax !== undefined) {
        bucket.taxedPaidCount += 1;
        bucket.taxedPaidCents += row.amountCents;
        bucket.taxCents += Number(row.tax);
      }
    } else if (row.status === "CANCELED") bucket.chargesCanceled += 1;
    else if (row.status === "FAILED") bucket.chargesFailed += 1;
    else bucket.chargesPending += 1;
  }
  for (const bucket of buckets.values()) {
    bucket.timeToPayP50Seconds = timeToPayPercentile(histogramOf(bucket.paces), 0.5);
    bucket.timeToPayP90Seconds = timeToPayPercentile(histogramOf(bucket.paces), 0.9);
  }
  return buckets;
}

describe("chart figures for a seeded week", () => {
  it("has one bucket per São Paulo day, each equal to the sums worked out from the rows", async () => {
    const figures = await loadChartFigures(database.db, merchantWideScope(), { start: weekStart, end: weekEnd, unit: "day" }, "cents");
    const expected = expectedBuckets();
    expect(figures.buckets.map((bucket) => bucket.key)).toEqual(days);
    for (const bucket of figures.buckets) {
      const { paces: _paces, taxCents, ...want } = expected.get(bucket.key)! as ChartBucket & { paces: number[] };
      expect({ ...bucket, taxCents: undefined }).toEqual({ ...want, taxCents: undefined });
      // Half-cent taxes are rounded once per status group in SQL: within a cent per group.
      expect(Math.abs(bucket.taxCents - taxCents)).toBeLessThanOrEqual(1);
    }
    const totalCreated = figures.buckets.reduce((sum, bucket) => sum + bucket.chargesCreated, 0);
    expect(totalCreated).toBeGreaterThan(100);
  });

  it("gives the whole range's time to pay from every paid charge in it, close to the exact percentile", async () => {
    const figures = await loadChartFigures(database.db, merchantWideScope(), { start: weekStart, end: weekEnd, unit: "day" }, "cents");
    const paces = seeded
      .filter(
        (row) =>
          row.createdAt >= weekStart &&
          row.createdAt < weekEnd &&
          row.kind === "CASH_IN" &&
          row.creationState === "created" &&
          row.status === "SUCCEED",
      )
      .map((row) => (row.statusChangedAt!.getTime() - row.createdAt.getTime()) / 1000);
    expect(figures.timeToPayP50Seconds).toBe(timeToPayPercentile(histogramOf(paces), 0.5));
    expect(figures.timeToPayP90Seconds).toBe(timeToPayPercentile(histogramOf(paces), 0.9));
    // The histogram's buckets are at most a third wider than their lower bound.
    for (const [estimate, fraction] of [
      [figures.timeToPayP50Seconds!, 0.5],
      [figures.timeToPayP90Seconds!, 0.9],
    ] as const) {
      const exact = percentileCont(paces, fraction)!;
      expect(Math.abs(estimate - exact)).toBeLessThanOrEqual(exact / 3 + 1);
    }
  });

  it("splits one day into 24 São Paulo hours that add up to the day", async () => {
    const day = days[2]!;
    const range = { start: saoPauloDayStart(day), end: saoPauloDayStart(nextCalendarDay(day)) };
    const hourly = await loadChartFigures(database.db, merchantWideScope(), { ...range, unit: "hour" }, "cents");
    const daily = await loadChartFigures(database.db, merchantWideScope(), { ...range, unit: "day" }, "cents");
    expect(hourly.buckets).toHaveLength(24);
    expect(hourly.buckets[0]!.key).toBe(`${day} 00`);
    const sum = (key: keyof ChartBucket, buckets: ChartBucket[]) => buckets.reduce((total, bucket) => total + Number(bucket[key] ?? 0), 0);
    for (const key of [
      "cashInSettledCents",
      "cashOutSettledCents",
      "chargesCreated",
      "chargesPaid",
      "chargesCanceled",
      "chargesFailed",
      "chargesPending",
      "chargesUnknown",
    ] as const) {
      expect(sum(key, hourly.buckets)).toBe(sum(key, daily.buckets));
    }
  });

  it("computes conversion as paid over created, and none for an empty bucket", () => {
    expect(conversionOf({ chargesPaid: 3, chargesCreated: 4 })).toBe(0.75);
    expect(conversionOf({ chargesPaid: 0, chargesCreated: 0 })).toBeNull();
  });

  it("lists every day of a range even when nothing happened", () => {
    expect(bucketKeys({ start: saoPauloDayStart("2030-01-01"), end: saoPauloDayStart("2030-01-04"), unit: "day" })).toEqual([
      "2030-01-01",
      "2030-01-02",
      "2030-01-03",
    ]);
  });
});

describe("delivery health", () => {
  it("counts last callback, callbacks per hour, pending past expiry, not-applied deliveries, quarantine and unknown cash-outs", async () => {
    const fresh = await openTestDatabase();
    try {
      const db = fresh.db;
      // The present: the callback counts read the rollups' minutes, which are kept for two days (migration 0049).
      const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
      const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
      const base = { creationState: "created" as const, amountCents: 100 };
      await db.insert(transactions).values([
        { ...base, kind: "CASH_IN", status: "PENDING", expiresAt: at(5), idempotencyKey: randomUUID() },
        { ...base, kind: "CASH_IN", status: "PENDING", expiresAt: at(-5), idempotencyKey: randomUUID() },
        // Past expiry but with its own callback URL: not in the ledger's `expired` filter, so not counted.
        {
          ...base,
          kind: "CASH_IN",
          status: "PENDING",
          expiresAt: at(5),
          customCallbackUrl: "https://erp.example/pix",
          idempotencyKey: randomUUID(),
        },
        { ...base, kind: "CASH_IN", status: "SUCCEED", expiresAt: at(60), idempotencyKey: randomUUID() },
        { ...base, kind: "CASH_OUT", creationState: "outcome_unknown", status: null, idempotencyKey: randomUUID() },
        { ...base, kind: "CASH_IN", creationState: "outcome_unknown", status: null, idempotencyKey: randomUUID() },
      ]);
      const delivery = (minutesAgo: number, outcome: "applied" | "unmatched") => ({
        walletTransactionId: randomUUID(),
        status: "SUCCEED",
        outcome,
        body: {},
        receivedAt: at(minutesAgo),
      });
      await db
        .insert(callbackDeliveries)
        .values([
          delivery(3, "applied"),
          delivery(30, "unmatched"),
          delivery(90, "applied"),
          delivery(60 * 30, "applied"),
          delivery(60 * 24 * 8, "unmatched"),
        ]);
      await db.insert(callbackQuarantine).values([
        { reason: "not json", rawBody: "x", receivedAt: at(10) },
        { reason: "not json", rawBody: "x", receivedAt: at(60 * 24 * 10) },
      ]);
      const health = await loadDeliveryHealth(db, merchantWideScope(), now);
      expect(health).toMatchObject({
        lastCallbackAt: at(3),
        callbacksLastHour: 2,
        callbacksLast24Hours: 3,
        pendingChargesPastExpiry: 1,
        pendingChargesPastExpiryCapped: false,
        notApplied: { rejected: 0, unmatched: 1 },
        quarantined: 1,
        cashOutsOutcomeUnknown: 1,
      });
    } finally {
      await fresh.dispose();
    }
  });
});
