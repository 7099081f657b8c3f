// The embedded database's own autovacuum (lib/db/embedded-maintenance.ts): a table changed past
// PostgreSQL's thresholds is vacuumed and analysed (its pages marked all-visible, its row estimate
// set), one that has not is left alone, and the timer runs passes until stopped. On both databases
// (on PostgreSQL the server's autovacuum does this in production; the statements are the same).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { maintainEmbeddedDatabase, startEmbeddedMaintenance } from "@/lib/db/embedded-maintenance";
import { transactions } from "@/lib/db/schema";
import { createdTransactionRows } from "@/test/support/callback-fixtures";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.dispose();
});

async function catalogueOf(table: string) {
  const result = (await database.db.execute(
    sql`select reltuples::int as "rowEstimate", relallvisible::int as "allVisiblePages" from pg_class where relname = ${table}`,
  )) as unknown as { rows: Array<{ rowEstimate: number; allVisiblePages: number }> };
  return result.rows[0]!;
}

/**
 * The pass's steps for a table, once it has any. A PostgreSQL server's backends publish their
 * statistics within a second or so (PGlite's, when asked, as the job does): passes run until then.
 */
async function stepsOnceDue(table: string) {
  let steps: Array<{ table: string; action: string }> = [];
  await vi.waitFor(
    async () => {
      steps = (await maintainEmbeddedDatabase(database.db)).filter((step) => step.table === table);
      expect(steps).not.toEqual([]);
    },
    { timeout: 15_000, interval: 200 },
  );
  return steps.map((step) => step.action);
}

describe("embedded database maintenance", () => {
  it("vacuums and analyses a table past the thresholds, then leaves it alone until it changes again", async () => {
    await maintainEmbeddedDatabase(database.db); // whatever the migrations and other tables left due
    await database.db.insert(transactions).values(createdTransactionRows(1_500));

    expect(await stepsOnceDue("transactions")).toEqual(["vacuum"]);
    const catalogue = await catalogueOf("transactions");
    expect(catalogue.rowEstimate).toBeGreaterThanOrEqual(1_500);
    expect(catalogue.allVisiblePages).toBeGreaterThan(0);

    expect((await maintainEmbeddedDatabase(database.db)).map((step) => step.table)).not.toContain("transactions");

    // 250 updates on ~1,500 rows: past the analyse threshold (50 + 10% = 200), under the vacuum one (50 + 20% = 350 dead).
    await database.db.execute(sql`update ${transactions} set status = 'SUCCEED' where id in (select id from ${transactions} limit 250)`);
    expect(await stepsOnceDue("transactions")).toEqual(["analyze"]);
  });

  it("runs passes on a timer, one at a time, and its stop waits for the pass under way", async () => {
    await database.db.insert(transactions).values(createdTransactionRows(1_500));
    const log = { info: vi.fn(), warn: vi.fn() };
    const maintenance = startEmbeddedMaintenance(database.db, log, 20);
    await vi.waitFor(() => expect(log.info).toHaveBeenCalled(), { timeout: 10_000, interval: 20 });
    await maintenance.stop();
    const [fields] = log.info.mock.calls[0]! as [{ steps: Array<{ table: string; action: string }> }];
    expect(fields.steps).toContainEqual(expect.objectContaining({ table: "transactions", action: "vacuum" }));
    expect(log.warn).not.toHaveBeenCalled();
    const calls = log.info.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(log.info.mock.calls.length).toBe(calls);
  });
});
