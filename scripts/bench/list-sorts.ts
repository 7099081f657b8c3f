// Benchmark of the payment links and customers lists' orders (issue #53): for every order, both
// ways, the first page and a deep page (the cursor 90 % of the way through the order) at 1,000,000
// rows beside the same at 1,000 rows, in one run (goal: within ×2), with whether each plan sorts
// (at 1,000 rows a deep page has 100 rows left: the planner may sort them instead; the 1M plan counts).
// Rows are inserted straight into `payment_links` and `customers` (the customers rollup's triggers
// are on `transactions`, not measured here: scripts/bench/customers.ts times them), names and figures with many ties.
// PostgreSQL (BENCH_DATABASE_URL, a user that may create databases; scratch databases dropped after)
// and/or embedded PGlite in a temporary folder.
//
//   BENCH_DATABASE_URL=postgres://… npx tsx --conditions=react-server scripts/bench/list-sorts.ts
//   npx tsx --conditions=react-server scripts/bench/list-sorts.ts --pglite [--rows 200000] [--runs 10]
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { customerOrders, customersPageQuery } from "@/lib/db/queries/customers";
import { type KeysetCursor, type KeysetOrder, keysetOrderBy, keysetValue } from "@/lib/db/queries/keyset-order";
import { paymentLinkOrders, paymentLinksPageQuery } from "@/lib/db/queries/payment-links";
import { customersSort, paymentLinksSort } from "@/lib/vocabulary/list-orders";
import { hasFlag, isMainModule, numberOption, timeRuns } from "../support/bench";
import { type DatabaseKind, freshDatabase } from "./support";

type Row = { database: string; list: string; order: string; page: string; small: string; large: string; ratio: string; plan: string };
const root = path.resolve(import.meta.dirname, "../..");
const chunk = 100_000;

async function seed(db: Database, rows: number): Promise<void> {
  for (let first = 1; first <= rows; first += chunk) {
    const last = Math.min(rows, first + chunk - 1);
    await db.execute(
      sql.raw(`
      insert into payment_links (slug, name, amount_cents, min_amount_cents, max_amount_cents, charge_expiry_minutes, visits, created_at)
      select 'bench-' || n, 'Link ' || (n % 5000), case when n % 2 = 0 then 100 + (n::bigint * 7919) % 50000 end,
        case when n % 2 = 1 then 100 + (n::bigint * 104729) % 20000 end, case when n % 2 = 1 then 100000 end,
        30, n % 100, '2026-01-01T03:00:00Z'::timestamptz + n * interval '7 seconds'
      from generate_series(${first}, ${last}) as n`),
    );
    await db.execute(
      sql.raw(`
      insert into customers (document, names, latest_name, charges_count, paid_count, paid_amount_cents, first_seen_at, last_seen_at)
      select (10000000000 + n)::text, array['Payer ' || (n % 5000)], 'Payer ' || (n % 5000), 1 + n % 40, n % 20,
        (n::bigint * 7919) % 1000000, '2026-01-01T03:00:00Z'::timestamptz + n * interval '7 seconds',
        '2026-01-01T03:00:00Z'::timestamptz + n * interval '7 seconds' + (n % 97) * interval '1 hour'
      from generate_series(${first}, ${last}) as n`),
    );
  }
  await db.execute(sql`vacuum analyze payment_links`);
  await db.execute(sql`vacuum analyze customers`);
}

/** The cursor of the row at `offset` in the order (what a reader paging that deep would hold). */
async function cursorAt(db: Database, table: string, order: KeysetOrder, descending: boolean, offset: number): Promise<KeysetCursor> {
  const result = (await db.execute(
    sql`select ${keysetValue(order)} as value, ${order.id}::text as id from ${sql.identifier(table)}
        order by ${sql.join(keysetOrderBy(order, descending), sql`, `)} offset ${offset} limit 1`,
  )) as unknown as { rows: KeysetCursor[] };
  return result.rows[0]!;
}

async function hasSortNode(db: Database, query: { toSQL: () => { sql: string; params: unknown[] } }): Promise<boolean> {
  const { sql: text, params } = query.toSQL();
  const literal = (value: unknown) => (typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`);
  const plan = (await db.execute(
    sql.raw(`explain ${text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]))}`),
  )) as unknown as {
    rows: Array<Record<string, string>>;
  };
  return plan.rows.some((row) => /\bSort\b/.test(Object.values(row)[0] ?? ""));
}

type Case = {
  list: string;
  order: string;
  page: "first" | "deep";
  run: (db: Database, after?: KeysetCursor) => { toSQL: () => { sql: string; params: unknown[] } } & PromiseLike<unknown>;
  cursor: (db: Database, rows: number) => Promise<KeysetCursor | undefined>;
};

function cases(): Case[] {
  const list: Case[] = [];
  for (const [name, table, keys, orders, query] of [
    ["payment links", "payment_links", paymentLinksSort.columns, paymentLinkOrders, paymentLinksPageQuery],
    ["customers", "customers", customersSort.columns, customerOrders, customersPageQuery],
  ] as const) {
    for (const key of keys)
      for (const descending of [true, false]) {
        const sort = { column: key, descending } as { column: never; descending: boolean };
        const order = (orders as Record<string, KeysetOrder>)[key]!;
        const run = (db: Database, after?: KeysetCursor) =>
          (query as (db: Database, sort: { column: never; descending: boolean }, after?: KeysetCursor) => ReturnType<Case["run"]>)(
            db,
            sort,
            after,
          );
        const label = `${descending ? "-" : ""}${key}`;
        list.push({ list: name, order: label, page: "first", run, cursor: async () => undefined });
        list.push({
          list: name,
          order: label,
          page: "deep",
          run,
          cursor: (db, rows) => cursorAt(db, table, order, descending, Math.floor(rows * 0.9)),
        });
      }
  }
  return list;
}

async function measure(kind: DatabaseKind, rows: number, runs: number): Promise<Map<string, { p50: number; sorts: boolean }>> {
  const fresh = await freshDatabase(kind, `list_sorts_${rows}`, process.env.BENCH_DATABASE_URL);
  const connection = await fresh.connect();
  try {
    await connection.migrate(path.join(root, "lib/db/migrations"), "__drizzle_migrations");
    await seed(connection.db, rows);
    const figures = new Map<string, { p50: number; sorts: boolean }>();
    for (const item of cases()) {
      const after = await item.cursor(connection.db, rows);
      const timing = await timeRuns(runs, async () => await item.run(connection.db, after));
      figures.set(`${item.list}|${item.order}|${item.page}`, {
        p50: timing.p50,
        sorts: await hasSortNode(connection.db, item.run(connection.db, after)),
      });
    }
    return figures;
  } finally {
    await connection.close();
    await fresh.cleanup();
  }
}

export async function run(options: { kinds: DatabaseKind[]; rows: number; runs: number }): Promise<Row[]> {
  const result: Row[] = [];
  for (const kind of options.kinds) {
    const small = await measure(kind, 1_000, options.runs);
    const large = await measure(kind, options.rows, options.runs);
    for (const item of cases()) {
      const key = `${item.list}|${item.order}|${item.page}`;
      const [a, b] = [small.get(key)!, large.get(key)!];
      result.push({
        database: kind,
        list: item.list,
        order: item.order,
        page: item.page,
        small: `${a.p50.toFixed(2)} ms`,
        large: `${b.p50.toFixed(2)} ms`,
        ratio: `×${(b.p50 / a.p50).toFixed(1)}`,
        plan: `${a.sorts ? "sort" : "index"} / ${b.sorts ? "sort" : "index"}`,
      });
    }
  }
  return result;
}

if (isMainModule(import.meta.url)) {
  const kinds: DatabaseKind[] = [
    ...(process.env.BENCH_DATABASE_URL ? (["postgres"] as const) : []),
    ...(hasFlag("pglite") ? (["pglite"] as const) : []),
  ];
  if (kinds.length === 0) throw new Error("set BENCH_DATABASE_URL, or pass --pglite");
  const rows = numberOption("rows", 1_000_000);
  console.log(`payment links and customers, p50 of ${numberOption("runs", 10)} runs: 1,000 rows vs ${rows.toLocaleString("en")}`);
  console.table(await run({ kinds, rows, runs: numberOption("runs", 10) }));
}
