// Upgrade to stores (issue #49, migrations 0026–0027 and 0034): a database at the previous migration
// (0025) with data in it migrates, keeps every row as it was, and finds it — transactions, cash-out
// requests, payment links — under the first store, named after the merchant identity; and (0042) a
// database with two stores' rows gets the Overview's rollups rebuilt per store. On PGlite and
// on PostgreSQL (a scratch database).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseConnection } from "@/lib/db/client";
import { FIRST_STORE_ID } from "@/lib/db/schema";
import { createScratchPostgresDatabase } from "@/test/support/scratch-postgres";
import { dashboardMigrations, openTestDatabase } from "@/test/support/test-database";

const onPostgres = process.env.TEST_DB_KIND === "postgres";
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** The dashboard's migrations folder cut after `lastTag` (a copy in a temporary folder). */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "wallet-migrations-"));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  cpSync(dashboardMigrations.folder, folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const end = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(end).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }));
  return folder;
}

async function emptyDatabase(): Promise<DatabaseConnection> {
  if (onPostgres) {
    const scratch = await createScratchPostgresDatabase("wallet_upgrade");
    cleanups.push(scratch.drop);
    const connection = await openDatabase({ kind: "postgres", url: scratch.url, connectTimeoutMs: 5_000 });
    cleanups.push(() => connection.close());
    return connection;
  }
  const connection = await openDatabase({ kind: "pglite", dataDir: "memory://" });
  cleanups.push(() => connection.close());
  return connection;
}

const transactionsInOrder =
  "select id, kind, creation_state, status, amount_cents, payer_name, idempotency_key, created_at, booked_at, metadata from transactions order by created_at, id";

describe("upgrading a database from before stores", () => {
  it("keeps its transactions as they were, under the first store named after the merchant identity", async () => {
    const connection = await emptyDatabase();
    await connection.migrate(migrationsUpTo("0025_merchant_identity"), dashboardMigrations.table);
    await connection.db.execute(
      "insert into merchant_identity (legal_name, cnpj, updated_by_email) values ('Padaria Boa Massa Ltda', '11222333000181', 'admin@example.com')",
    );
    await connection.db.execute(`insert into transactions (kind, creation_state, status, amount_cents, payer_name, idempotency_key, created_at, metadata)
      values ('CASH_IN', 'created', 'SUCCEED', 1250, 'Ana', 'upgrade-1', '2026-10-01T12:00:00Z', '{"till": 3}'),
             ('CASH_OUT', 'created', 'PENDING', 990, null, 'upgrade-2', '2026-10-02T12:00:00Z', '{}')`);
    await connection.db.execute(`insert into cash_out_requests (kind, idempotency_key, total_cents, item_count, requested_by_user_id, requested_by_email, expires_at)
      values ('single', 'upgrade-request', 150000, 1, 'user-1', 'finance@example.com', '2026-10-03T12:00:00Z')`);
    await connection.db.execute(`insert into payment_links (slug, name, amount_cents, charge_expiry_minutes)
      values ('upgrade2', 'Doações', 2000, 30)`);
    const before = rowsOf<Record<string, unknown>>(await connection.db.execute(transactionsInOrder));

    await connection.migrate(dashboardMigrations.folder, dashboardMigrations.table);

    expect(rowsOf(await connection.db.execute(transactionsInOrder))).toEqual(before);
    const storesAfter = rowsOf<Record<string, unknown>>(
      await connection.db.execute(
        "select id, name, holder_document, payer_facing_name, time_zone, wallet_base_url, wallet_token_ciphertext from stores",
      ),
    );
    expect(storesAfter).toEqual([
      {
        id: FIRST_STORE_ID,
        name: "Padaria Boa Massa Ltda",
        holder_document: "11222333000181",
        payer_facing_name: "Padaria Boa Massa Ltda",
        time_zone: "America/Sao_Paulo",
        wallet_base_url: null,
        wallet_token_ciphertext: null,
      },
    ]);
    const storeIds = rowsOf<{ store_id: string; count: number }>(
      await connection.db.execute("select store_id, count(*)::int as count from transactions group by store_id"),
    );
    expect(storeIds).toEqual([{ store_id: FIRST_STORE_ID, count: 2 }]);
    expect(rowsOf(await connection.db.execute("select idempotency_key, store_id from cash_out_requests"))).toEqual([
      { idempotency_key: "upgrade-request", store_id: FIRST_STORE_ID },
    ]);
    expect(rowsOf(await connection.db.execute("select slug, store_id from payment_links"))).toEqual([
      { slug: "upgrade2", store_id: FIRST_STORE_ID },
    ]);
  });

  it("a database without a merchant identity gets a neutral first store, and new transactions default to it", async () => {
    const connection = await openTestDatabase();
    cleanups.push(connection.dispose);
    expect(rowsOf(await connection.db.execute("select id, name, holder_document from stores"))).toEqual([
      { id: FIRST_STORE_ID, name: "Main store", holder_document: null },
    ]);
    await connection.db.execute("insert into transactions (kind, amount_cents, idempotency_key) values ('CASH_IN', 100, 'after-upgrade')");
    expect(rowsOf(await connection.db.execute("select store_id from transactions"))).toEqual([{ store_id: FIRST_STORE_ID }]);
  });

  it("rebuilds the Overview's rollups per store from the ledger (0042), and the triggers add into the row's store", async () => {
    const connection = await emptyDatabase();
    await connection.migrate(migrationsUpTo("0036_customers_increments"), dashboardMigrations.table);
    const storeB = "00000000-0000-4000-8000-0000000000b2";
    await connection.db.execute(`insert into stores (id, name, payer_facing_name) values ('${storeB}', 'Loja B', 'Loja B')`);
    await connection.db.execute(`insert into transactions (kind, creation_state, status, amount_cents, idempotency_key, created_at, store_id, tax, status_changed_at)
      values ('CASH_IN', 'created', 'SUCCEED', 1250, 'rollup-1', '2026-10-01T12:00:00Z', '${FIRST_STORE_ID}', 12.5, '2026-10-01T12:00:30Z'),
             ('CASH_IN', 'created', 'SUCCEED', 3000, 'rollup-2', '2026-10-01T13:00:00Z', '${storeB}', null, '2026-10-01T13:01:00Z'),
             ('CASH_OUT', 'created', 'PENDING', 990, 'rollup-3', '2026-10-02T12:00:00Z', '${storeB}', null, null),
             ('CASH_IN', 'rejected', null, 5000, 'rollup-4', '2026-10-02T12:00:00Z', '${storeB}', null, null)`);

    await connection.migrate(dashboardMigrations.folder, dashboardMigrations.table);
    await connection.db.execute(
      `insert into transactions (kind, creation_state, status, amount_cents, idempotency_key, created_at, store_id) values ('CASH_IN', 'created', 'PENDING', 700, 'rollup-5', '2026-10-02T15:00:00Z', '${storeB}')`,
    );

    const days = `select store_id, kind, outcome, sum(count)::int as count, sum(amount_cents)::int as amount, sum(taxed_count)::int as taxed
      from overview_rollups where grain = 'day' group by 1, 2, 3 order by 1, 2, 3`;
    expect(rowsOf(await connection.db.execute(days))).toEqual([
      { store_id: FIRST_STORE_ID, kind: "CASH_IN", outcome: "SUCCEED", count: 1, amount: 1250, taxed: 1 },
      { store_id: storeB, kind: "CASH_IN", outcome: "PENDING", count: 1, amount: 700, taxed: 0 },
      { store_id: storeB, kind: "CASH_IN", outcome: "SUCCEED", count: 1, amount: 3000, taxed: 0 },
      { store_id: storeB, kind: "CASH_OUT", outcome: "PENDING", count: 1, amount: 990, taxed: 0 },
    ]);
    const hours = "select store_id, sum(count)::int as count from overview_rollups where grain = 'hour' group by 1 order by 1";
    expect(rowsOf(await connection.db.execute(hours))).toEqual([
      { store_id: FIRST_STORE_ID, count: 1 },
      { store_id: storeB, count: 3 },
    ]);
    const paces = "select store_id, grain, sum(count)::int as count from overview_pay_time_rollups group by 1, 2 order by 1, 2";
    expect(rowsOf(await connection.db.execute(paces))).toEqual([
      { store_id: FIRST_STORE_ID, grain: "day", count: 1 },
      { store_id: FIRST_STORE_ID, grain: "hour", count: 1 },
      { store_id: storeB, grain: "day", count: 1 },
      { store_id: storeB, grain: "hour", count: 1 },
    ]);
  });
});
