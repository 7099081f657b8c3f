// The callback receiver over real HTTP: a storm of shuffled, duplicated deliveries from many
// concurrent senders through per-transaction URLs, every kind of forged body (kept as rejected,
// never applied), and every kind of bad request, which must change nothing.
import { randomUUID } from "node:crypto";
import { count, eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applyCallbackDelivery,
  decideOutcome,
  legacyCallbackUrlDays,
  matchingDeliveriesStatement,
  matchingDeliveryStatement,
  maxQuarantinedBodies,
} from "@/lib/callbacks/apply-callback";
import { callbackToken, transactionCallbackUrl } from "@/lib/callbacks/callback-url";
import { callbackReceiverPathPrefix } from "@/lib/vocabulary/callback-url";
import { maxCallbackBodyBytes, receiveCallback, rejectedDeliveryStatus, type ReceiverPath } from "@/lib/callbacks/receive-callback";
import { driverOf } from "@/lib/db/client";
import { callbackDeliveries, callbackQuarantine, stores, transactions } from "@/lib/db/schema";
import { subscribeLiveEvents, type LiveEvent } from "@/lib/live/live-events";
import { FIRST_STORE_ID } from "@/lib/vocabulary/stores";
import { type WalletStatus, walletStatuses } from "@/lib/vocabulary/transaction-statuses";
import { callbackTransactionSnapshotSchema } from "@/lib/wallet/schemas";
import { runCallbackStorm } from "@/test/support/callback-storm";
import { planNodes } from "@/test/support/query-plans";
import { type SeededTransaction, seedCreatedTransactions, walletCallbackBody } from "@/test/support/callback-fixtures";
import { serveFetchHandler, type ServedHandler } from "@/test/support/serve-fetch-handler";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

const secret = "s".repeat(48);
const config = { appUrl: "http://127.0.0.1", callbackSecret: secret };
const payerDocument = "52998224725";
let database: TestDatabase;
let receiver: ServedHandler;

/** The route's job: /api/callbacks/wallet/<id>/<token>, or /api/callbacks/wallet/<secret> (legacy). */
function receiverPath(url: string): ReceiverPath {
  const segments = new URL(url).pathname.slice(callbackReceiverPathPrefix.length).split("/").map(decodeURIComponent);
  return segments.length === 2 ? { transactionId: segments[0]!, token: segments[1]! } : { legacySecret: segments[0] ?? "" };
}

beforeAll(async () => {
  database = await openTestDatabase();
  receiver = await serveFetchHandler((request) => receiveCallback(database.db, request, receiverPath(request.url), config));
});
afterAll(async () => {
  await receiver.close();
  await database.dispose();
});

function snapshot(walletId: string, status: WalletStatus, operation = "CASHIN", overrides: Record<string, unknown> = {}) {
  return walletCallbackBody(walletId, status, operation, { extraField: 1, ...overrides });
}

type Seeded = SeededTransaction;

/** Where the wallet posts for this transaction: its own URL, unless a test says otherwise. */
async function post(body: string, options: { to?: Seeded | { path: string }; contentType?: string; logId?: string } = {}) {
  const path = !options.to
    ? secret
    : "path" in options.to
      ? options.to.path
      : new URL(transactionCallbackUrl(config, options.to.localId)).pathname.slice(callbackReceiverPathPrefix.length);
  return fetch(`${receiver.origin}${callbackReceiverPathPrefix}${path}`, {
    method: "POST",
    headers: {
      "content-type": options.contentType ?? "application/json",
      ...(options.logId ? { "x-callback-log-id": options.logId } : {}),
    },
    body,
  });
}

function seedPendingTransactions(howMany: number, overrides: Partial<typeof transactions.$inferInsert> = {}): Promise<Seeded[]> {
  return seedCreatedTransactions(database.db, howMany, overrides);
}

async function rowOf(localId: string) {
  const [row] = await database.db.select().from(transactions).where(eq(transactions.id, localId));
  return row!;
}

async function tableCounts() {
  const [deliveries] = await database.db.select({ value: count() }).from(callbackDeliveries);
  const [quarantined] = await database.db.select({ value: count() }).from(callbackQuarantine);
  const statuses = await database.db.execute(
    sql`select string_agg(coalesce(status, '-'), ',' order by id) as all_statuses from transactions`,
  );
  return { deliveries: deliveries!.value, quarantined: quarantined!.value, statuses: JSON.stringify(statuses) };
}

describe("callback receiver under load", () => {
  // A small storm keeps the checks here; the 2,000-callback load is a benchmark
  // (npm run bench:callback-storm, scripts/benchmark-callback-storm.ts), out of the CI lanes.
  it("stores every delivery answered 2xx, ends every transaction in its final status, and applies nothing twice (100 callbacks to per-transaction URLs, 10 senders)", async () => {
    const storm = await runCallbackStorm(database.db, { transactions: 40, senders: 10 });
    expect(storm.deliveries).toBe(100);
    expect(storm.problems).toEqual([]);
  });

  it("never regresses a final state", async () => {
    const [cashOut] = await seedPendingTransactions(1, { kind: "CASH_OUT", payerDocument: null });
    const post_ = (status: WalletStatus, operation: string) =>
      post(JSON.stringify(snapshot(cashOut!.walletId, status, operation, { payer: null })), { to: cashOut });
    expect(await (await post_("FAILED", "CASH_OUT")).json()).toMatchObject({ outcome: "applied" });
    expect(await (await post_("PENDING", "CASHOUT")).json()).toMatchObject({ outcome: "out_of_order" });
    expect(await (await post_("SUCCEED", "CASHOUT")).json()).toMatchObject({ outcome: "out_of_order" });
    expect((await rowOf(cashOut!.localId)).status).toBe("FAILED");
  });
});

/**
 * The database handle as the receiver sees it, counting what it asks: statements sent to the driver
 * itself (the one-statement path) and transactions opened through Drizzle (the locked path).
 */
function countingDatabase() {
  const asked = { statements: 0, transactions: 0 };
  const db = new Proxy(database.db, {
    get(target, property, receiverObject) {
      const value = Reflect.get(target, property, receiverObject);
      if (property === "transaction") asked.transactions += 1;
      if (property === "$client")
        return new Proxy(value, {
          get(client, clientProperty) {
            const method = Reflect.get(client, clientProperty);
            if (clientProperty === "query") asked.statements += 1;
            return typeof method === "function" ? method.bind(client) : method;
          },
        });
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, asked };
}

function deliver(db: typeof database.db, seeded: Seeded, status: WalletStatus) {
  const body = snapshot(seeded.walletId, status);
  return applyCallbackDelivery(
    db,
    { kind: "transaction", transactionId: seeded.localId },
    { snapshot: callbackTransactionSnapshotSchema.parse(body), body, headers: {}, callbackLogId: null },
  );
}

describe("a delivery that agrees with its created transaction", () => {
  // The one statement's CASE is decideOutcome in SQL: every pair of statuses is judged alike.
  const pairs = [null, ...walletStatuses].flatMap((current) => walletStatuses.map((incoming) => [current, incoming] as const));

  it.each(pairs)("on a %s row, a %s delivery is judged as decideOutcome judges it, in one statement", async (current, incoming) => {
    const [seeded] = await seedPendingTransactions(1, { status: current });
    const { db, asked } = countingDatabase();
    const result = await deliver(db, seeded!, incoming);
    const expected = decideOutcome(current, incoming);
    expect(result).toEqual({ outcome: expected, transactionId: seeded!.localId, mismatchedFields: [] });
    expect(asked).toEqual({ statements: 1, transactions: 0 });
    const stored = await database.db.select().from(callbackDeliveries).where(eq(callbackDeliveries.transactionId, seeded!.localId));
    expect(stored.map((delivery) => [delivery.outcome, delivery.status])).toEqual([[expected, incoming]]);
    expect((await rowOf(seeded!.localId)).status).toBe(expected === "applied" ? incoming : current);
  });

  it("that disagrees with it is judged in full under the lock (nothing stored by the one statement)", async () => {
    const [seeded] = await seedPendingTransactions(1, { amountCents: 999 });
    const { db, asked } = countingDatabase();
    const result = await deliver(db, seeded!, "SUCCEED");
    expect(result.outcome).toBe("rejected");
    expect(result.mismatchedFields).toEqual(["value"]);
    expect(asked).toEqual({ statements: 1, transactions: 1 });
    const stored = await database.db.select().from(callbackDeliveries).where(eq(callbackDeliveries.transactionId, seeded!.localId));
    expect(stored.map((delivery) => delivery.outcome)).toEqual(["rejected"]);
    expect((await rowOf(seeded!.localId)).status).toBe("PENDING");
  });
});

describe("a delivery's store", () => {
  it("is its transaction's, passed by the receiver's own statements; the trigger fills only an insert or a move that leaves it out", async () => {
    const [store] = await database.db.insert(stores).values({ name: "Loja R", payerFacingName: "Loja R" }).returning({ id: stores.id });
    const [agreeing, disagreeing, other] = await Promise.all(
      [{}, { amountCents: 999 }, {}].map(async (overrides) => (await seedPendingTransactions(1, { storeId: store!.id, ...overrides }))[0]!),
    );
    const storesOf = async (transactionId: string) =>
      (
        await database.db
          .select({ storeId: callbackDeliveries.storeId })
          .from(callbackDeliveries)
          .where(eq(callbackDeliveries.transactionId, transactionId))
      ).map((row) => row.storeId);
    // Without the trigger: the one statement (or batch) and the locked path store the store they read.
    await database.db.execute(sql`alter table callback_deliveries disable trigger callback_deliveries_store`);
    try {
      expect((await deliver(database.db, agreeing!, "SUCCEED")).outcome).toBe("applied");
      expect((await deliver(database.db, disagreeing!, "SUCCEED")).outcome).toBe("rejected");
    } finally {
      await database.db.execute(sql`alter table callback_deliveries enable trigger callback_deliveries_store`);
    }
    expect(await storesOf(agreeing!.localId)).toEqual([store!.id]);
    expect(await storesOf(disagreeing!.localId)).toEqual([store!.id]);
    // An insert that leaves it out gets it; one that names a store without a transaction gets none.
    const [filled, unmatched] = await database.db
      .insert(callbackDeliveries)
      .values([
        { walletTransactionId: other!.walletId, transactionId: other!.localId, status: "PAID", outcome: "rejected", body: {} },
        { walletTransactionId: `wallet-${randomUUID()}`, storeId: store!.id, status: "PAID", outcome: "unmatched", body: {} },
      ])
      .returning({ id: callbackDeliveries.id, storeId: callbackDeliveries.storeId });
    expect([filled!.storeId, unmatched!.storeId]).toEqual([store!.id, null]);
    // Moved to a transaction of another store, it takes that store.
    const [elsewhere] = await seedPendingTransactions(1);
    await database.db.update(callbackDeliveries).set({ transactionId: elsewhere!.localId }).where(eq(callbackDeliveries.id, filled!.id));
    expect(await storesOf(elsewhere!.localId)).toEqual([FIRST_STORE_ID]);
  });
});

describe("the one statement's plan", () => {
  /** Every index a statement reads `transactions` through, with PostgreSQL's generic plan (the one a named statement settles on). */
  async function transactionsIndexesRead(text: string, values: unknown[]): Promise<string[]> {
    const literals = values.map((value) => (value === null ? "null" : typeof value === "number" ? String(value) : `'${value}'`)).join(", ");
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare plan_test as ${text}`));
      try {
        const result = (await tx.execute(sql.raw(`explain (format json) execute plan_test(${literals})`))) as {
          rows: Array<Record<string, unknown>>;
        };
        return result.rows[0]!["QUERY PLAN"];
      } finally {
        await tx.execute(sql`deallocate plan_test`);
      }
    });
    return planNodes(plan)
      .filter((node) => node["Relation Name"] === "transactions" && String(node["Node Type"]).endsWith("Scan"))
      .map((node) => String(node["Index Name"] ?? node["Node Type"]));
  }

  it("finds the row by its primary key alone, however many rows share its amount and kind", async () => {
    // Given the body's columns in the same WHERE, PostgreSQL chose among their indexes by its
    // estimates: the wallet id's here, and with a seeded ledger the amount's, reading every row of
    // that amount on each delivery.
    const [seeded] = await seedPendingTransactions(400);
    await database.db.execute(sql`analyze transactions`);
    const values = [
      seeded!.walletId,
      null,
      "SUCCEED",
      "CASHIN",
      "{}",
      null,
      null,
      "{}",
      seeded!.localId,
      1050,
      payerDocument,
      null,
      new Date().toISOString(),
      "{}",
    ];
    expect(await transactionsIndexesRead(matchingDeliveryStatement.text, values)).toEqual(["transactions_pkey", "transactions_pkey"]);
  });

  it("reads a batch's rows by their primary key too, and updates the versions it read (PostgreSQL's batches)", async () => {
    const seeded = await seedPendingTransactions(400);
    await database.db.execute(sql`analyze transactions`);
    const batch = seeded
      .slice(0, 3)
      .map((row) => ({ transaction_id: row.localId, wallet_transaction_id: row.walletId, status: "SUCCEED" }));
    // The update reads the row version the lookup found (its ctid), with no index at all.
    expect(await transactionsIndexesRead(matchingDeliveriesStatement.text, [JSON.stringify(batch)])).toEqual([
      "transactions_pkey",
      "Tid Scan",
    ]);
  });
});

describe("deliveries that arrive together (PostgreSQL)", () => {
  it("go to the database in fewer statements than deliveries, each judged as it would be alone", async (context) => {
    if (database.kind !== "postgres") context.skip();
    const driver = driverOf(database.db);
    if (driver.kind !== "postgres") throw new Error("unreachable");
    // Two of each transaction's deliveries at once (its PENDING and its SUCCEED), twenty transactions,
    // some already paid: what a storm brings, judged as decideOutcome judges one delivery at a time.
    const pending = await seedPendingTransactions(14);
    const paid = await seedPendingTransactions(6, { status: "SUCCEED" });
    const statements: string[] = [];
    const query = driver.pool.query;
    driver.pool.query = ((...args: Parameters<typeof query>) => {
      statements.push(String((args[0] as { name?: string }).name));
      return (query as (...a: unknown[]) => unknown).apply(driver.pool, args);
    }) as typeof query;
    let results: Awaited<ReturnType<typeof deliver>>[];
    try {
      results = await Promise.all(
        [...pending, ...paid].flatMap((row) => [deliver(database.db, row, "PENDING"), deliver(database.db, row, "SUCCEED")]),
      );
    } finally {
      driver.pool.query = query;
    }
    expect(results.map((result) => result.outcome)).toEqual([
      ...pending.flatMap(() => ["duplicate", "applied"]),
      ...paid.flatMap(() => ["out_of_order", "duplicate"]),
    ]);
    expect(statements.length).toBeLessThan(results.length / 2);
    expect(new Set(statements)).toEqual(new Set([matchingDeliveriesStatement.name]));
    for (const row of [...pending, ...paid]) expect((await rowOf(row.localId)).status).toBe("SUCCEED");
    const stored = await database.db
      .select({ count: count() })
      .from(callbackDeliveries)
      .where(
        inArray(
          callbackDeliveries.transactionId,
          [...pending, ...paid].map((row) => row.localId),
        ),
      );
    expect(stored[0]!.count).toBe(40);
  });
});

describe("a row another delivery changes while the one statement runs (PostgreSQL)", () => {
  // The statement judges the row as of its snapshot; the other transaction holds the row's lock,
  // so the status update waits, re-checks the row as committed, and finds it changed.
  it.for([
    ["SUCCEED", "duplicate"],
    ["FAILED", "out_of_order"],
  ] as const)(
    "stores nothing then, and the locked path judges the %s delivery again (%s, nothing applied)",
    async ([incoming, outcome], context) => {
      if (database.kind !== "postgres") context.skip();
      const [seeded] = await seedPendingTransactions(1);
      const driver = driverOf(database.db);
      if (driver.kind !== "postgres") throw new Error("unreachable");
      const other = await driver.pool.connect();
      try {
        await other.query("begin");
        await other.query("update transactions set status = 'SUCCEED' where id = $1", [seeded!.localId]);
        const { db, asked } = countingDatabase();
        let settled = false;
        const delivered = deliver(db, seeded!, incoming).finally(() => {
          settled = true;
        });
        // The statement is waiting for the other transaction's row lock.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(settled).toBe(false);
        await other.query("commit");
        const result = await delivered;
        expect(result.outcome).toBe(outcome);
        expect(asked).toEqual({ statements: 1, transactions: 1 });
      } finally {
        other.release();
      }
      const stored = await database.db.select().from(callbackDeliveries).where(eq(callbackDeliveries.transactionId, seeded!.localId));
      expect(stored.map((delivery) => delivery.outcome)).toEqual([outcome]);
      expect((await rowOf(seeded!.localId)).status).toBe("SUCCEED");
    },
  );
});

describe("two instances' batches over the same transactions (PostgreSQL)", () => {
  // Across instances, one transaction's deliveries can be in two batches at once (one instance never
  // puts them in two). Each batch updates its rows in the order of their ids, so one waits for the
  // other; in arrival order, the two would hold one row each and wait for the other's (PostgreSQL
  // breaks such a deadlock after deadlock_timeout, 1 s, and the items go again one by one).
  it("lock the rows in one order: the second waits for the first, and neither fails", async (context) => {
    if (database.kind !== "postgres") context.skip();
    const driver = driverOf(database.db);
    if (driver.kind !== "postgres") throw new Error("unreachable");
    const seeded = (await seedPendingTransactions(3)).sort((a, b) => a.localId.localeCompare(b.localId));
    const batchOf = (rows: Seeded[], status: WalletStatus) =>
      JSON.stringify(
        rows.map((row) => ({
          transaction_id: row.localId,
          wallet_transaction_id: row.walletId,
          callback_log_id: randomUUID(),
          status,
          operation: "CASH_IN",
          body: {},
          headers: {},
          amount_cents: 1050,
          payer_document: payerDocument,
          changed_at: new Date().toISOString(),
          notification: JSON.stringify({ kind: "test" }),
        })),
      );
    const [holder, first, second] = await Promise.all([driver.pool.connect(), driver.pool.connect(), driver.pool.connect()]);
    try {
      // A third party holds the middle row, so both batches are under way before either can finish.
      await holder.query("begin");
      await holder.query("select id from transactions where id = $1 for update", [seeded[1]!.localId]);
      const rowsOrError = (query: Promise<{ rows: unknown[] }>) =>
        query.then(
          (result) => result.rows,
          (error: unknown) => error,
        );
      const waitingForLocks = async () =>
        (
          await holder.query<{ waiting: number }>(
            "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          )
        ).rows[0]!.waiting;
      // The first batch is under way (waiting for the middle row) before the second is sent: sent
      // together, either could reach the first row first on a busy machine.
      const firstResult = rowsOrError(first.query({ ...matchingDeliveriesStatement, values: [batchOf(seeded, "SUCCEED")] }));
      await expect.poll(waitingForLocks, { timeout: 5_000 }).toBe(1);
      const secondResult = rowsOrError(
        second.query({ ...matchingDeliveriesStatement, values: [batchOf([...seeded].reverse(), "FAILED")] }),
      );
      await expect.poll(waitingForLocks, { timeout: 5_000 }).toBe(2);
      const results = [firstResult, secondResult];
      await holder.query("commit");
      const [firstRows, secondRows] = await Promise.all(results);
      expect(firstRows).toEqual(expect.arrayContaining(seeded.map((row) => ({ transaction_id: row.localId, outcome: "applied" }))));
      // The second read the rows before the first changed them: it stores nothing for them (the
      // locked path judges those deliveries again), and does not fail.
      expect(secondRows).toEqual([]);
    } finally {
      await holder.query("rollback").catch(() => undefined);
      for (const client of [holder, first, second]) client.release();
    }
    for (const row of seeded) expect((await rowOf(row.localId)).status).toBe("SUCCEED");
  });
});

describe("other requests during a storm on embedded PGlite", () => {
  it("get the event loop between deliveries (deliveries take turns, one turn of the loop before each)", async (context) => {
    // PostgreSQL's queries wait on the network: the loop turns between them anyway.
    if (database.kind !== "pglite") context.skip();
    const seeded = await seedPendingTransactions(60);
    let completed = 0;
    const storm = seeded.map((row) => {
      const body = snapshot(row.walletId, "SUCCEED");
      return applyCallbackDelivery(
        database.db,
        { kind: "transaction", transactionId: row.localId },
        { snapshot: callbackTransactionSnapshotSchema.parse(body), body, headers: {}, callbackLogId: null },
      ).then(() => {
        completed += 1;
      });
    });
    // What another request's handler would be: a callback on the next turn of the loop.
    const completedWhenOtherRequestRan = await new Promise<number>((resolve) => setImmediate(() => resolve(completed)));
    await Promise.all(storm);
    expect(completed).toBe(60);
    expect(completedWhenOtherRequestRan).toBeLessThan(5);
  });
});

describe("the wallet's description that comes with a status", () => {
  it("keeps a failed cash-out's reason beside the creation-time description, and a later out-of-order delivery does not replace it", async () => {
    const [cashOut] = await seedPendingTransactions(1, { kind: "CASH_OUT", payerDocument: null, walletDescription: "Cash-out created" });
    const reason = "CASH-OUT FAILED: DESTINATION KEY REFUSED";
    const failed = snapshot(cashOut!.walletId, "FAILED", "CASHOUT", { payer: null, description: reason });
    expect(await (await post(JSON.stringify(failed), { to: cashOut })).json()).toMatchObject({ outcome: "applied" });
    const late = snapshot(cashOut!.walletId, "SUCCEED", "CASHOUT", { payer: null, description: "CASH-OUT SETTLED" });
    expect(await (await post(JSON.stringify(late), { to: cashOut })).json()).toMatchObject({ outcome: "out_of_order" });
    const row = await rowOf(cashOut!.localId);
    expect(row).toMatchObject({ status: "FAILED", statusDescription: reason, walletDescription: "Cash-out created" });
  });
});

describe("forged deliveries on a transaction's own URL", () => {
  const forgeries: Array<{ name: string; field: string; body: (target: Seeded, other: Seeded) => Record<string, unknown> }> = [
    { name: "a wrong wallet id", field: "id", body: () => snapshot(randomUUID(), "SUCCEED") },
    { name: "another transaction's wallet id", field: "id", body: (_target, other) => snapshot(other.walletId, "SUCCEED") },
    { name: "a wrong value (1 cent)", field: "value", body: (target) => snapshot(target.walletId, "SUCCEED", "CASHIN", { value: 1 }) },
    { name: "the wrong operation", field: "operation", body: (target) => snapshot(target.walletId, "SUCCEED", "CASHOUT") },
    {
      name: "a wrong payer document",
      field: "payer.document",
      body: (target) =>
        snapshot(target.walletId, "SUCCEED", "CASHIN", { payer: { name: "Ana", email: "ana@example.com", document: "11144477735" } }),
    },
    { name: "no payer at all", field: "payer.document", body: (target) => snapshot(target.walletId, "SUCCEED", "CASHIN", { payer: null }) },
  ];

  for (const forgery of forgeries) {
    it(`with ${forgery.name}: answered ${rejectedDeliveryStatus}, stored as rejected with the reason, never applied`, async () => {
      const [target, other] = await seedPendingTransactions(2);
      const response = await post(JSON.stringify(forgery.body(target!, other!)), { to: target });
      expect(response.status).toBe(rejectedDeliveryStatus);
      const answer = await response.json();
      expect(answer).toMatchObject({ received: true, outcome: "rejected" });
      expect(answer.error).toContain(forgery.field);
      // The sender learns which field, never what was expected.
      expect(JSON.stringify(answer)).not.toContain(target!.walletId);
      expect(JSON.stringify(answer)).not.toContain(payerDocument);

      expect(await rowOf(target!.localId)).toMatchObject({ status: "PENDING", walletTransactionId: target!.walletId });
      expect(await rowOf(other!.localId)).toMatchObject({ status: "PENDING", walletTransactionId: other!.walletId });
      const stored = await database.db.select().from(callbackDeliveries).where(eq(callbackDeliveries.transactionId, target!.localId));
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ outcome: "rejected", status: "SUCCEED" });
      expect(stored[0]!.rejectionReason).toMatch(new RegExp(`^${forgery.field.replace(".", "\\.")}: `));
    });
  }

  it("accepts both spellings of the operation and a formatted payer document", async () => {
    const [first, second] = await seedPendingTransactions(2);
    expect(await (await post(JSON.stringify(snapshot(first!.walletId, "SUCCEED", "CASH_IN")), { to: first })).json()).toMatchObject({
      outcome: "applied",
    });
    expect(
      await (
        await post(
          JSON.stringify(snapshot(second!.walletId, "SUCCEED", "cashin", { payer: { name: "x", email: "x", document: "52998224725" } })),
          { to: second },
        )
      ).json(),
    ).toMatchObject({ outcome: "applied" });
  });

  it("answers 404 to a valid token presented for another id, and to any token that does not verify, and stores nothing", async () => {
    const [target, other] = await seedPendingTransactions(2);
    const before = await tableCounts();
    const borrowedToken = callbackToken(config, other!.localId);
    expect(
      (await post(JSON.stringify(snapshot(target!.walletId, "SUCCEED")), { to: { path: `${target!.localId}/${borrowedToken}` } })).status,
    ).toBe(404);
    expect(
      (await post(JSON.stringify(snapshot(target!.walletId, "SUCCEED")), { to: { path: `not-a-uuid/${borrowedToken}` } })).status,
    ).toBe(404);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 60 }).filter((token) => token !== callbackToken(config, target!.localId)),
        async (wrongToken) => {
          const response = await post(JSON.stringify(snapshot(target!.walletId, "SUCCEED")), {
            to: { path: `${target!.localId}/${encodeURIComponent(wrongToken)}` },
          });
          expect(response.status).toBe(404);
        },
      ),
      { numRuns: 50 },
    );
    expect(await tableCounts()).toEqual(before);
    expect((await rowOf(target!.localId)).status).toBe("PENDING");
  });
});

describe("the global-secret URL of transactions created before per-transaction URLs", () => {
  it("keeps working for those transactions, with the same checks", async () => {
    const [legacy] = await seedPendingTransactions(1, { callbackBinding: null });
    expect((await post(JSON.stringify(snapshot(legacy!.walletId, "SUCCEED", "CASHIN", { value: 5 })))).status).toBe(rejectedDeliveryStatus);
    expect(await (await post(JSON.stringify(snapshot(legacy!.walletId, "SUCCEED")))).json()).toEqual({
      received: true,
      outcome: "applied",
    });
    expect((await rowOf(legacy!.localId)).status).toBe("SUCCEED");
  });

  it("is refused for a transaction that has its own URL, and for one older than the legacy window", async () => {
    const [bound] = await seedPendingTransactions(1);
    const [oldLegacy] = await seedPendingTransactions(1, {
      callbackBinding: null,
      createdAt: new Date(Date.now() - (legacyCallbackUrlDays + 1) * 86_400_000),
    });
    for (const target of [bound!, oldLegacy!]) {
      const response = await post(JSON.stringify(snapshot(target.walletId, "SUCCEED")));
      expect(response.status).toBe(rejectedDeliveryStatus);
      expect((await response.json()).error).toContain("url");
      expect((await rowOf(target.localId)).status).toBe("PENDING");
    }
  });

  it("keeps a callback for a wallet id no transaction has as unmatched", async () => {
    const response = await post(JSON.stringify(snapshot(randomUUID(), "SUCCEED")));
    expect(await response.json()).toEqual({ received: true, outcome: "unmatched" });
  });
});

describe("live screens", () => {
  it("are told once per applied or settling status, after the commit, and not for a duplicate or a rejected body", async () => {
    const [pending, creating, forged] = await seedPendingTransactions(3);
    await database.db.update(transactions).set({ creationState: "creating", status: null }).where(eq(transactions.id, creating!.localId));
    const events: LiveEvent[] = [];
    const unsubscribe = await subscribeLiveEvents(database.db, (event) => events.push(event));
    try {
      const eventsFor = (localId: string) => events.filter((event) => event.kind === "transaction" && event.id === localId).length;
      expect((await post(JSON.stringify(snapshot(pending!.walletId, "SUCCEED")), { to: pending })).status).toBe(200);
      expect((await post(JSON.stringify(snapshot(pending!.walletId, "SUCCEED")), { to: pending })).status).toBe(200);
      expect((await post(JSON.stringify(snapshot(creating!.walletId, "PENDING")), { to: creating })).status).toBe(200);
      expect((await post(JSON.stringify(snapshot(forged!.walletId, "SUCCEED", "CASHIN", { value: 1 })), { to: forged })).status).toBe(
        rejectedDeliveryStatus,
      );
      await expect.poll(() => eventsFor(pending!.localId) + eventsFor(creating!.localId)).toBe(2);
      // A moment for any stray notification (the duplicate's or the rejected one's) to arrive too.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(eventsFor(pending!.localId)).toBe(1);
      expect(eventsFor(creating!.localId)).toBe(1);
      expect(eventsFor(forged!.localId)).toBe(0);
    } finally {
      unsubscribe();
    }
  });
});

describe("what a delivery costs to keep", () => {
  it("stores the body without the base64 QR image, keeping its hash and size", async () => {
    const [target] = await seedPendingTransactions(1);
    const image = `data:image/png;base64,${Buffer.alloc(6000, 7).toString("base64")}`;
    await post(JSON.stringify(snapshot(target!.walletId, "SUCCEED", "CASHIN", { qrcodeImage: image })), { to: target });
    const [stored] = await database.db.select().from(callbackDeliveries).where(eq(callbackDeliveries.transactionId, target!.localId));
    expect(stored!.body).not.toHaveProperty("qrcodeImage");
    expect(stored!.body).toMatchObject({ id: target!.walletId, extraField: 1 });
    expect(stored!.qrcodeImageBytes).toBe(image.length);
    expect(stored!.qrcodeImageSha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("callback receiver refusing bad requests", () => {
  it("answers 404 to a wrong or missing global secret and stores nothing", async () => {
    const before = await tableCounts();
    await fc.assert(
      fc.asyncProperty(
        fc
          .string({ minLength: 1, maxLength: 60 })
          .filter((candidate) => candidate !== secret && !candidate.includes("/") && !candidate.includes("?") && !candidate.includes("#")),
        async (wrongSecret) => {
          const response = await post(JSON.stringify(snapshot(randomUUID(), "SUCCEED")), { to: { path: encodeURIComponent(wrongSecret) } });
          expect(response.status).toBe(404);
        },
      ),
      { numRuns: 50 },
    );
    expect(await tableCounts()).toEqual(before);
  });

  it("answers 415 to a body that is not declared as JSON, and stores nothing", async () => {
    const before = await tableCounts();
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml"]) {
      const response = await post(JSON.stringify(snapshot(randomUUID(), "SUCCEED")), { contentType });
      expect(response.status).toBe(415);
      expect((await response.json()).error).toMatch(/JSON/);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("answers 413 to a huge body, and stores nothing", async () => {
    const before = await tableCounts();
    const response = await post(JSON.stringify({ ...snapshot(randomUUID(), "SUCCEED"), padding: "x".repeat(maxCallbackBodyBytes) }));
    expect(response.status).toBe(413);
    expect(await tableCounts()).toEqual(before);
  });

  it("answers 400 with a clear message to random bodies that are not transactions, quarantines them and applies nothing", async () => {
    const [deliveriesBefore] = await database.db.select({ value: count() }).from(callbackDeliveries);
    const statusesBefore = (await tableCounts()).statuses;
    const notATransaction = fc.oneof(
      fc.string(),
      fc.json(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.record({ id: fc.uuid(), status: fc.string(), value: fc.oneof(fc.integer(), fc.string()) }).map((value) => JSON.stringify(value)),
      fc
        .record({
          id: fc.uuid(),
          value: fc.integer({ min: 1 }),
          operation: fc.constantFrom("CASHIN", "CASH_OUT"),
          status: fc.constantFrom("PAID", "pending?", ""),
        })
        .map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(notATransaction, async (body) => {
        const response = await post(body);
        expect(response.status).toBe(400);
        expect((await response.json()).error).toMatch(/^The body is not (valid JSON|a transaction)/);
      }),
      { numRuns: 150 },
    );
    const [deliveriesAfter] = await database.db.select({ value: count() }).from(callbackDeliveries);
    expect(deliveriesAfter!.value).toBe(deliveriesBefore!.value);
    expect((await tableCounts()).statuses).toBe(statusesBefore);
    const [quarantined] = await database.db.select({ value: count() }).from(callbackQuarantine);
    expect(quarantined!.value).toBeGreaterThan(0);
    expect(quarantined!.value).toBeLessThanOrEqual(maxQuarantinedBodies);
  });
});
