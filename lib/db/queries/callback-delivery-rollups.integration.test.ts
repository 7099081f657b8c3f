// The deliveries' rollups (migration 0049's triggers) behind the Overview's "last hour" and "last 24
// hours" (lib/db/queries/overview-health.ts), against counts of the deliveries themselves: a day
// and two hours of deliveries over two stores and the merchant's own (unmatched), written in
// batches, from two pools at once on PostgreSQL (another instance receiving), then matched later,
// moved with their transaction's store, and a rolled-back batch. Every figure is checked for
// windows starting on and between minute and hour boundaries, for every store scope.
import { randomUUID } from "node:crypto";
import { and, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { loadDeliveryHealth } from "@/lib/db/queries/overview-health";
import { callbackDeliveries, callbackDeliveryRollups, stores, transactions } from "@/lib/db/schema";
import { merchantWideScope, type StoreScope, storeScopeOfGrants } from "@/lib/vocabulary/store-scope";
import { FIRST_STORE_ID } from "@/lib/vocabulary/stores";
import { openSecondWriter, openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { seededRandom } from "@/test/support/seeded-random";

let database: TestDatabase;
let second: { db: Database; close: () => Promise<void> };
let storeB: string;
const transactionIds: Record<string, string> = {};
const onPostgres = process.env.TEST_DB_KIND === "postgres";
const deliveryCount = onPostgres ? 3_000 : 1_200;

beforeAll(async () => {
  database = await openTestDatabase();
  // A second writer on the same database: another instance of the dashboard writing at once.
  second = await openSecondWriter(database);
  const [created] = await database.db.insert(stores).values({ name: "Loja B", payerFacingName: "Loja B" }).returning({ id: stores.id });
  storeB = created!.id;
  for (const [name, storeId] of [
    ["a", FIRST_STORE_ID],
    ["b", storeB],
    ["moving", FIRST_STORE_ID],
    ["matchedLater", storeB],
  ] as const) {
    const [row] = await database.db
      .insert(transactions)
      .values({ kind: "CASH_IN", creationState: "created", status: "PENDING", amountCents: 100, idempotencyKey: randomUUID(), storeId })
      .returning({ id: transactions.id });
    transactionIds[name] = row!.id;
  }
  // 26 hours of deliveries up to a minute ago, in batches of up to 40 rows, half from each pool.
  const next = seededRandom(11);
  const now = Date.now();
  const batches: Array<Array<typeof callbackDeliveries.$inferInsert>> = [];
  let batch: Array<typeof callbackDeliveries.$inferInsert> = [];
  for (let n = 0; n < deliveryCount; n++) {
    const roll = next();
    const transactionId =
      roll < 0.4 ? transactionIds.a : roll < 0.75 ? transactionIds.b : roll < 0.85 ? transactionIds.moving : roll < 0.9 ? null : undefined;
    batch.push({
      receivedAt: new Date(now - 60_000 - Math.floor(next() * 26 * 3_600_000)),
      walletTransactionId: `w-${n}`,
      // undefined: a delivery that names no transaction yet, matched later (below); null: the merchant's own.
      transactionId: transactionId ?? null,
      callbackLogId: transactionId === undefined ? "matched-later" : null,
      status: "SUCCEED",
      outcome: transactionId === null ? "unmatched" : "applied",
      body: {},
    });
    if (batch.length >= 1 + Math.floor(next() * 40)) {
      batches.push(batch);
      batch = [];
    }
  }
  if (batch.length) batches.push(batch);
  await Promise.all(
    [database.db, second.db].map(async (db, writer) => {
      for (let index = writer; index < batches.length; index += 2) await db.insert(callbackDeliveries).values(batches[index]!);
    }),
  );
}, 120_000);

afterAll(async () => {
  await second?.close();
  await database?.dispose();
});

/** The deliveries received from `since` on in these stores, counted row by row. */
async function counted(scope: StoreScope, since: Date): Promise<number> {
  const inScope = scope.all ? undefined : inArray(callbackDeliveries.storeId, [...scope.storeIds]);
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(callbackDeliveries)
    .where(and(gte(callbackDeliveries.receivedAt, since), inScope));
  return row!.n;
}

/** Each figure the rollups answer, against the rows, at several moments of the last two hours. */
async function expectFiguresMatchRows() {
  const scopes = [merchantWideScope(), storeScopeOfGrants([FIRST_STORE_ID]), storeScopeOfGrants([storeB]), storeScopeOfGrants([])];
  const hour = 3_600_000;
  const lastHour = Math.floor(Date.now() / hour) * hour;
  const moments = [
    new Date(),
    new Date(lastHour), // on an hour: its windows start on an hour
    new Date(lastHour - 60_000), // on a minute, the last of an hour
    new Date(lastHour - 37 * 60_000 - 12_345), // between minutes
    new Date(lastHour - hour + 1), // just past an hour
  ];
  for (const scope of scopes)
    for (const now of moments) {
      const health = await loadDeliveryHealth(database.db, scope, now);
      const label = `${scope.all ? "all" : scope.storeIds.join(",") || "none"} at ${now.toISOString()}`;
      expect({ label, hour: health.callbacksLastHour, day: health.callbacksLast24Hours }).toEqual({
        label,
        hour: await counted(scope, new Date(now.getTime() - hour)),
        day: await counted(scope, new Date(now.getTime() - 24 * hour)),
      });
    }
}

describe("the deliveries' rollups (migration 0049)", () => {
  it("count what the deliveries count, for every store scope and window start, written from two writers at once", async () => {
    expect(await counted(merchantWideScope(), new Date(0))).toBe(deliveryCount);
    await expectFiguresMatchRows();
  });

  it("follow a delivery matched later and a transaction moved to another store", async () => {
    await database.db
      .update(callbackDeliveries)
      .set({ transactionId: transactionIds.matchedLater })
      .where(and(eq(callbackDeliveries.callbackLogId, "matched-later"), isNull(callbackDeliveries.transactionId)));
    await database.db.update(transactions).set({ storeId: storeB }).where(eq(transactions.id, transactionIds.moving!));
    const [moved] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(callbackDeliveries)
      .where(and(eq(callbackDeliveries.transactionId, transactionIds.moving!), eq(callbackDeliveries.storeId, storeB)));
    expect(moved!.n).toBeGreaterThan(0);
    await expectFiguresMatchRows();
  });

  it("leave no count behind a rolled-back batch, and drop minutes older than two days", async () => {
    const rollback = new Error("rolled back on purpose");
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(callbackDeliveries).values(
          Array.from({ length: 5 }, (_, n) => ({
            walletTransactionId: `rb-${n}`,
            status: "SUCCEED",
            outcome: "unmatched" as const,
            body: {},
          })),
        );
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    await expectFiguresMatchRows();
    // A delivery three days old is counted by the hour only; its minute goes with the next write.
    const old = new Date(Date.now() - 3 * 86_400_000);
    await database.db
      .insert(callbackDeliveries)
      .values({ receivedAt: old, walletTransactionId: "old", status: "SUCCEED", outcome: "unmatched", body: {} });
    await database.db.insert(callbackDeliveries).values({ walletTransactionId: "new", status: "SUCCEED", outcome: "unmatched", body: {} });
    const minutes = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(callbackDeliveryRollups)
      .where(
        and(eq(callbackDeliveryRollups.grain, "minute"), lt(callbackDeliveryRollups.bucketStart, new Date(Date.now() - 2 * 86_400_000))),
      );
    expect(minutes[0]!.n).toBe(0);
    const [hours] = await database.db
      .select({ n: sql<number>`coalesce(sum(count), 0)::int` })
      .from(callbackDeliveryRollups)
      .where(
        and(
          eq(callbackDeliveryRollups.grain, "hour"),
          eq(callbackDeliveryRollups.bucketStart, new Date(Math.floor(old.getTime() / 3_600_000) * 3_600_000)),
        ),
      );
    expect(hours!.n).toBeGreaterThanOrEqual(1);
    await expectFiguresMatchRows();
  });
});
