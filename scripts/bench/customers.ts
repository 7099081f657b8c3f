// Benchmark of the customers directory (issue #48) at a million ledger rows: the directory's first
// and a deep page, searches (a whole CPF, a sparse and a dense name prefix, an e-mail prefix), a
// customer's page, and what the rollup's trigger adds to recording one charge, each beside the same
// run's baseline: the Transactions list's first page (listLedgerPage, the ledger's own yardstick)
// and the same insert with the customers trigger disabled. Embedded PGlite in memory, seeded with
// generate_series in chunks of 100,000 (the triggers run per statement).
//
//   npx tsx scripts/bench/customers.ts            # 1,000,000 rows, 100,000 customers
//   npx tsx scripts/bench/customers.ts --quick    # 100,000 rows
import { randomUUID } from "node:crypto";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "@/lib/db/client";
import { findCustomer, listCustomerCharges, listCustomersPage } from "@/lib/db/queries/customers";
import { listLedgerPage } from "@/lib/db/queries/ledger";
import { customers, transactions } from "@/lib/db/schema";
import { hasFlag, isMainModule, numberOption, timeRuns } from "../support/bench";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";

type Row = { measure: string; figure: string; baseline: string; ratio: string };
const root = path.resolve(import.meta.dirname, "../..");
const chunk = 100_000;

export async function run(options: { quick?: boolean } = {}): Promise<Row[]> {
  const rows = options.quick ? 100_000 : numberOption("rows", 1_000_000);
  const customerCount = Math.max(1_000, Math.floor(rows / 10));
  const runs = options.quick ? 20 : 40;
  const connection = await openDatabase({ kind: "pglite", dataDir: "memory://" });
  try {
    await connection.migrate(path.join(root, "lib/db/migrations"), "__drizzle_migrations");
    const db = connection.db;
    const seedStarted = performance.now();
    for (let first = 1; first <= rows; first += chunk) {
      const last = Math.min(rows, first + chunk - 1);
      // 80% cash-in (names "Payer <customer>", e-mails payer<customer>@example.com), 60% paid.
      await db.execute(
        sql.raw(`
        insert into transactions (kind, creation_state, status, wallet_transaction_id, amount_cents, payer_name, payer_email, payer_document, idempotency_key, created_at, status_changed_at)
        select case when n % 10 < 8 then 'CASH_IN' else 'CASH_OUT' end, 'created',
          case when n % 10 < 6 then 'SUCCEED' when n % 10 < 8 then 'PENDING' else 'FAILED' end,
          'bench-c-' || n, 100 + (n::bigint * 7919) % 500000,
          'Payer ' || (n % ${customerCount}), 'payer' || (n % ${customerCount}) || '@example.com',
          case when n % 10 < 8 then (10000000000 + (n % ${customerCount}) * 7919)::text end,
          'bench-customers-' || n,
          '2026-01-01T03:00:00Z'::timestamptz + n * interval '20 seconds',
          '2026-01-01T03:00:00Z'::timestamptz + n * interval '20 seconds' + interval '90 seconds'
        from generate_series(${first}, ${last}) as n`),
      );
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await db.execute(sql`vacuum analyze`);
    const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(customers);

    // A deep page: the cursor of the 20th page.
    let deep = await listCustomersPage(db, {});
    for (let page = 1; page < 20 && deep.older; page++) deep = await listCustomersPage(db, { cursor: deep.older });
    const deepCursor = deep.older;
    const someone = String(10_000_000_000 + 4_321 * 7919);
    const [record] = await db.select().from(customers).where(eq(customers.document, someone));

    const ledger = await timeRuns(runs, () => listLedgerPage(db, merchantWideScope(), {}));
    const measures: Array<[string, () => Promise<unknown>]> = [
      ["directory, first page", () => listCustomersPage(db, {})],
      ["directory, 21st page (cursor)", () => listCustomersPage(db, { cursor: deepCursor })],
      [
        "search: a whole CPF (formatted)",
        () => listCustomersPage(db, { search: `${someone.slice(0, 3)}.${someone.slice(3, 6)}.${someone.slice(6, 9)}-${someone.slice(9)}` }),
      ],
      ["search: a name, sparse ('payer 4321')", () => listCustomersPage(db, { search: "payer 4321" })],
      ["search: a name, dense ('payer 1')", () => listCustomersPage(db, { search: "payer 1" })],
      ["search: an e-mail's start", () => listCustomersPage(db, { search: "payer4321@" })],
      [
        "a customer's page (record and latest charges)",
        () => Promise.all([findCustomer(db, record!.id), listCustomerCharges(db, someone)]),
      ],
    ];
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : "—");
    const result: Row[] = [];
    for (const [measure, call] of measures) {
      const timing = await timeRuns(runs, call);
      result.push({
        measure: `${measure} p50 / p95`,
        figure: `${ms(timing.p50)} / ${ms(timing.p95)}`,
        baseline: `${ms(ledger.p50)} / ${ms(ledger.p95)} (Transactions, first page)`,
        ratio: ratio(timing.p50, ledger.p50),
      });
    }

    // Recording one paid charge of an existing customer with many charges: the trigger recounts them.
    const insertOne = () =>
      db.insert(transactions).values({
        kind: "CASH_IN",
        creationState: "created",
        status: "SUCCEED",
        amountCents: 1_000,
        payerName: "Payer 4321",
        payerDocument: someone,
        idempotencyKey: randomUUID(),
      });
    const withTrigger = await timeRuns(runs, insertOne);
    await db.execute(sql`alter table transactions disable trigger transactions_customers_insert`);
    const withoutTrigger = await timeRuns(runs, insertOne);
    await db.execute(sql`alter table transactions enable trigger transactions_customers_insert`);
    result.push({
      measure: `insert one charge (customer with ${record!.chargesCount} charges) p50 / p95`,
      figure: `${ms(withTrigger.p50)} / ${ms(withTrigger.p95)}`,
      baseline: `${ms(withoutTrigger.p50)} / ${ms(withoutTrigger.p95)} (customers trigger disabled)`,
      ratio: ratio(withTrigger.p50, withoutTrigger.p50),
    });
    result.push({
      measure: `seed: ${rows.toLocaleString("en")} rows → ${count.toLocaleString("en")} customers`,
      figure: `${seedSeconds.toFixed(0)} s`,
      baseline: "—",
      ratio: "—",
    });
    return result;
  } finally {
    await connection.close();
  }
}

if (isMainModule(import.meta.url)) {
  const rows = await run({ quick: hasFlag("quick") });
  console.table(rows);
}
