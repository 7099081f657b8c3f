// Deliveries that arrive together on embedded PGlite in its worker thread (how the server runs it):
// one batch statement at a time on its one connection, the next batch filling meanwhile, each
// delivery judged as it would be alone. PostgreSQL's batches are tested in receive-callback.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyCallbackDelivery, matchingDeliveriesStatement } from "@/lib/callbacks/apply-callback";
import { type DatabaseConnection, driverOf, openDatabase } from "@/lib/db/client";
import { callbackDeliveries, transactions } from "@/lib/db/schema";
import type { WalletStatus } from "@/lib/vocabulary/transaction-statuses";
import { callbackTransactionSnapshotSchema } from "@/lib/wallet/schemas";
import { type SeededTransaction, seedCreatedTransactions, walletCallbackBody } from "@/test/support/callback-fixtures";
import { pgliteTemplate } from "@/test/support/database-templates";
import { dashboardMigrations } from "@/test/support/test-database";

// One worker of its own, on disk, in the PGlite lane only (the PostgreSQL lane has no PGlite to test).
const inPgliteLane = process.env.TEST_DB_KIND !== "postgres";
let folder: string;
let connection: DatabaseConnection;

beforeAll(async () => {
  if (!inPgliteLane) return;
  folder = mkdtempSync(path.join(os.tmpdir(), "receiver-batches-worker-"));
  const dataDir = path.join(folder, "pglite");
  // A copy of the run's migrated template (initdb and the migrations cost seconds); the migrations
  // then apply nothing, as at a server's restart.
  const template = pgliteTemplate("dashboard");
  if (template) cpSync(template.dataDir, dataDir, { recursive: true });
  connection = await openDatabase({ kind: "pglite", dataDir, worker: true });
  await connection.migrate(dashboardMigrations.folder, dashboardMigrations.table);
});

afterAll(async () => {
  await connection?.close().catch(() => {});
  if (folder) rmSync(folder, { recursive: true, force: true });
});

function deliver(row: SeededTransaction, status: WalletStatus) {
  const body = walletCallbackBody(row.walletId, status);
  return applyCallbackDelivery(
    connection.db,
    { kind: "transaction", transactionId: row.localId },
    { snapshot: callbackTransactionSnapshotSchema.parse(body), body, headers: {}, callbackLogId: null },
  );
}

describe("deliveries that arrive together (PGlite in its worker)", () => {
  it("go to the database in fewer statements than deliveries, each judged as it would be alone", async (context) => {
    if (!inPgliteLane) context.skip();
    const driver = driverOf(connection.db);
    if (driver.kind !== "pglite" || !driver.inWorker) throw new Error("expected PGlite in a worker");
    const pending = await seedCreatedTransactions(connection.db, 14);
    const paid = await seedCreatedTransactions(connection.db, 6, { status: "SUCCEED" });
    let batchStatements = 0;
    const query = driver.client.query.bind(driver.client);
    driver.client.query = ((text: string, ...rest: unknown[]) => {
      if (text === matchingDeliveriesStatement.text) batchStatements += 1;
      return (query as (...args: unknown[]) => unknown)(text, ...rest);
    }) as typeof driver.client.query;
    let results: Awaited<ReturnType<typeof deliver>>[];
    try {
      results = await Promise.all([...pending, ...paid].flatMap((row) => [deliver(row, "PENDING"), deliver(row, "SUCCEED")]));
    } finally {
      driver.client.query = query;
    }
    // A transaction's two deliveries are judged in arrival order, as one at a time would judge them.
    expect(results.map((result) => result.outcome)).toEqual([
      ...pending.flatMap(() => ["duplicate", "applied"]),
      ...paid.flatMap(() => ["out_of_order", "duplicate"]),
    ]);
    expect(batchStatements).toBeGreaterThan(0);
    expect(batchStatements).toBeLessThan(results.length / 4);
    const rows = await connection.db
      .select({ status: transactions.status, count: count() })
      .from(transactions)
      .where(
        inArray(
          transactions.id,
          [...pending, ...paid].map((row) => row.localId),
        ),
      )
      .groupBy(transactions.status);
    expect(rows).toEqual([{ status: "SUCCEED", count: 20 }]);
    const [stored] = await connection.db.select({ count: count() }).from(callbackDeliveries);
    expect(stored!.count).toBe(40);
  });
});
