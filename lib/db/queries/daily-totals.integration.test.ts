// The day's cash-out sums (migration 0051's triggers) behind the daily limits (getDailyTotals),
// against sums worked out from the ledger rows themselves: cash-outs over three São Paulo days (both
// sides of midnight), two stores and three operators (one of them nobody), in every creation state
// and status, written from two writers at once on PostgreSQL; then outcomes arriving (failed,
// canceled, paid), refusals, rows moved to the other store, deleted, and a rolled-back change.
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { getDailyTotals } from "@/lib/db/queries/daily-totals";
import { stores, transactions } from "@/lib/db/schema";
import { FIRST_STORE_ID } from "@/lib/vocabulary/stores";
import { saoPauloDayStart } from "@/lib/vocabulary/sao-paulo-dates";
import { seededRandom } from "@/test/support/seeded-random";
import { openSecondWriter, openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let second: { db: Database; close: () => Promise<void> };
let storeB = "";
const days = ["2026-03-09", "2026-03-10", "2026-03-11"];
const operators = ["operator-a", "operator-b", null];
const onPostgres = process.env.TEST_DB_KIND === "postgres";
const rowCount = onPostgres ? 1_500 : 600;
const ids: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  second = await openSecondWriter(database);
  const [store] = await database.db.insert(stores).values({ name: "Loja B", payerFacingName: "Loja B" }).returning({ id: stores.id });
  storeB = store!.id;
  const random = seededRandom(23);
  const states = ["created", "created", "created", "creating", "outcome_unknown", "rejected"] as const;
  const statuses = ["PENDING", "SUCCEED", "SUCCEED", "FAILED", "CANCELED", null] as const;
  const rows: Array<typeof transactions.$inferInsert> = [];
  for (let n = 0; n < rowCount; n++) {
    // From 3 hours before the first day to 3 hours into the day after the last, in São Paulo.
    const from = saoPauloDayStart(days[0]!).getTime() - 3 * 3_600_000;
    const createdAt = new Date(from + Math.floor(random() * (days.length * 86_400_000 + 6 * 3_600_000)));
    const creationState = states[Math.floor(random() * states.length)]!;
    const operator = operators[Math.floor(random() * operators.length)]!;
    rows.push({
      kind: random() < 0.8 ? "CASH_OUT" : "CASH_IN",
      creationState,
      status: creationState === "created" ? statuses[Math.floor(random() * statuses.length)]! : null,
      amountCents: 1 + Math.floor(random() * 1_000_000),
      createdAt,
      createdByUserId: operator,
      createdByEmail: operator ? `${operator}@example.com` : null,
      idempotencyKey: randomUUID(),
      storeId: random() < 0.5 ? FIRST_STORE_ID : storeB,
    });
  }
  const batches = Array.from({ length: Math.ceil(rows.length / 50) }, (_, index) => rows.slice(index * 50, index * 50 + 50));
  await Promise.all(
    [database.db, second.db].map(async (db, writer) => {
      for (let index = writer; index < batches.length; index += 2) {
        const inserted = await db.insert(transactions).values(batches[index]!).returning({ id: transactions.id });
        ids.push(...inserted.map((row) => row.id));
      }
    }),
  );
}, 120_000);

afterAll(async () => {
  await second?.close();
  await database?.dispose();
});

/** What the daily limits count as sent on `day`, summed from the ledger rows. */
async function sentFromRows(day: string, { operatorId, storeId }: { operatorId?: string; storeId?: string }): Promise<number> {
  const start = saoPauloDayStart(day);
  const end = new Date(start.getTime() + 86_400_000);
  const result = (await database.db.execute(sql`
    select coalesce(sum(amount_cents), 0)::bigint as cents from transactions
    where kind = 'CASH_OUT' and created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz
      and creation_state <> 'rejected' and (status is null or status not in ('FAILED', 'CANCELED'))
      ${operatorId ? sql`and created_by_user_id = ${operatorId}` : sql``}
      ${storeId ? sql`and store_id = ${storeId}::uuid` : sql``}`)) as unknown as { rows: Array<{ cents: string | number }> };
  return Number(result.rows[0]!.cents);
}

async function expectSumsMatchRows() {
  for (const day of days)
    for (const scope of [
      {},
      { operatorId: "operator-a" },
      { operatorId: "operator-b" },
      { storeId: FIRST_STORE_ID },
      { storeId: storeB },
    ]) {
      const { sentCents } = await getDailyTotals(database.db, { day, ...scope });
      expect({ day, scope, sentCents }).toEqual({ day, scope, sentCents: await sentFromRows(day, scope) });
    }
}

describe("the day's cash-out sums (migration 0051)", () => {
  it("sum what the rows sum, per day, operator and store, written from two writers at once", async () => {
    expect(ids).toHaveLength(rowCount);
    expect(await sentFromRows(days[1]!, {})).toBeGreaterThan(0);
    await expectSumsMatchRows();
  });

  it("follow outcomes, refusals, store moves, amounts and deletions, and ignore a rolled-back change", async () => {
    const random = seededRandom(29);
    const pick = (count: number) => Array.from({ length: count }, () => ids[Math.floor(random() * ids.length)]!);
    await Promise.all([
      database.db
        .update(transactions)
        .set({ status: "FAILED" })
        .where(inArray(transactions.id, pick(60))),
      second.db
        .update(transactions)
        .set({ status: "SUCCEED", creationState: "created" })
        .where(inArray(transactions.id, pick(60))),
    ]);
    await database.db
      .update(transactions)
      .set({ creationState: "rejected", status: null })
      .where(inArray(transactions.id, pick(40)));
    await second.db
      .update(transactions)
      .set({ storeId: storeB })
      .where(inArray(transactions.id, pick(40)));
    await database.db
      .update(transactions)
      .set({ amountCents: 123 })
      .where(inArray(transactions.id, pick(20)));
    await database.db
      .update(transactions)
      .set({ createdByUserId: "operator-b" })
      .where(inArray(transactions.id, pick(20)));
    await database.db.delete(transactions).where(inArray(transactions.id, pick(20)));
    const rollback = new Error("rolled back on purpose");
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(transactions).set({ status: "PENDING" }).where(eq(transactions.kind, "CASH_OUT"));
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    await expectSumsMatchRows();
  });
});
