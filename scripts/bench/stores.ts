// Issue #49's bench row: one store of 20 against the one-store merchant, at the same ledger size.
// Two databases of each kind hold the same seeded rows (scripts/benchmark-ledger.ts's seedLedger,
// callbacks matched to their transactions): in the first store only (the one-store case, read as
// its operators read it: all stores), and spread evenly over 20 stores (read as an operator granted
// one of them). Timed in turns, medians: the ledger's first page, one filter and one search (each
// with its capped count, as the list page runs them) and the Overview for its default range (the
// last 7 days: charts, delivery health, today's figures, whether any transaction exists). Goal ×1.2.
//
//   npx tsx --conditions=react-server scripts/bench/stores.ts                    # 1M rows, both databases
//   … --rows 200000 --runs 20 --skip-pglite --skip-postgres
//   … --explain     # also EXPLAIN (ANALYZE, BUFFERS) of each ledger statement, both databases
//
// PostgreSQL is the server at BENCH_DATABASE_URL (its user creates and drops bench_* databases).
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Database, DatabaseConnection } from "@/lib/db/client";
import { countLedgerRows, type LedgerFilters, ledgerRowsQuery, listLedgerPage } from "@/lib/db/queries/ledger";
import { hasAnyTransaction, summariseLedger } from "@/lib/db/queries/overview";
import { loadChartFigures } from "@/lib/db/queries/overview-charts";
import { loadDeliveryHealth } from "@/lib/db/queries/overview-health";
import { stores as storesTable } from "@/lib/db/schema";
import { parseOverviewRange } from "@/lib/schemas/overview-range";
import { nextCalendarDay, saoPauloDayRange, saoPauloDayStart } from "@/lib/vocabulary/sao-paulo-dates";
import { merchantWideScope, type StoreScope, storeScopeOfGrants } from "@/lib/vocabulary/store-scope";
import { FIRST_STORE_ID } from "@/lib/vocabulary/stores";
import { seedLedger } from "../benchmark-ledger";
import { hasFlag, isMainModule, numberOption, timeInTurns } from "../support/bench";
import { type DatabaseKind, freshDatabase } from "./support";

export type StoresOptions = {
  rows: number;
  storeCount: number;
  runs: number;
  kinds: DatabaseKind[];
  postgresUrl?: string;
  explain?: boolean;
};
export type StoresRow = { measure: string; figure: string; baseline: string; ratio: string };

const migrations = "lib/db/migrations";
// seedLedger's year ends on 2025-12-31 (São Paulo): that is "today" for the Overview.
const lastDay = "2025-12-31";
const now = new Date(saoPauloDayStart(nextCalendarDay(lastDay)).getTime() - 3_600_000);
// The page's own default range (no parameters): the last 7 days.
const defaultRange = parseOverviewRange({}, now);

const ledgerCases: Array<{ name: string; filters: LedgerFilters }> = [
  { name: "ledger first page", filters: {} },
  { name: "ledger, one filter (pending)", filters: { status: "PENDING" } },
  { name: "ledger, one search ('maria s')", filters: { search: "maria s" } },
];

/** `consolidated`: the twenty stores read as all stores (the merchant's admin), not one of them. */
type Case = { name: string; run: (db: Database, scope: StoreScope) => Promise<unknown>; consolidated?: boolean };

function overviewPage(db: Database, scope: StoreScope) {
  return Promise.all([
    loadChartFigures(db, scope, defaultRange, "cents"),
    loadDeliveryHealth(db, scope, now),
    summariseLedger(db, scope, saoPauloDayRange(lastDay)),
    hasAnyTransaction(db, scope),
  ]);
}

const cases: Case[] = [
  ...ledgerCases.map(
    ({ name, filters }): Case => ({
      name,
      // As the list page runs it: the page of rows and the capped count beside it.
      run: (db, scope) => Promise.all([listLedgerPage(db, scope, filters), countLedgerRows(db, scope, filters)]),
    }),
  ),
  { name: "Overview, its default range (last 7 days)", run: overviewPage },
  // Not the issue's goal, said beside it: the consolidated Overview sums every store's rollup rows.
  { name: "Overview, its default range (last 7 days)", run: overviewPage, consolidated: true },
];

const label = (rows: number) => (rows >= 1_000_000 ? `${rows / 1_000_000}M` : rows >= 1_000 ? `${rows / 1_000}k` : String(rows));

/** Stores 2..count beside the first one (store names only: no wallet of their own). */
async function addStores(db: Database, count: number): Promise<string[]> {
  const added = await db
    .insert(storesTable)
    .values(
      Array.from({ length: count - 1 }, (_, index) => ({ name: `Bench store ${index + 2}`, payerFacingName: `Bench store ${index + 2}` })),
    )
    .returning({ id: storesTable.id });
  return [FIRST_STORE_ID, ...added.map((row) => row.id)];
}

/** The seeded deliveries name wallet ids no row has: matched here to their rows (what a store's deliveries are found by). */
async function matchDeliveries(db: Database) {
  await db.execute(sql`
    update callback_deliveries as d set transaction_id = t.id from transactions as t
    where t.idempotency_key = 'bench-' || substr(d.wallet_transaction_id, 5)`);
  await db.execute(sql`vacuum (analyze) callback_deliveries, transactions, overview_rollups, overview_pay_time_rollups`);
}

async function explainLedger(db: Database, scope: StoreScope, tag: string) {
  for (const { name, filters } of ledgerCases) {
    const query = ledgerRowsQuery(db, scope, filters, { direction: "older", limit: 51 });
    const result = (await db.execute(sql`explain (analyze, buffers, costs off) ${query}`)) as unknown as {
      rows: Array<Record<string, string>>;
    };
    console.log(`\n  ${tag} — ${name}:\n${result.rows.map((row) => `    ${Object.values(row)[0]}`).join("\n")}`);
  }
}

async function measureKind(kind: DatabaseKind, options: StoresOptions): Promise<StoresRow[]> {
  const opened: Array<{ connection: DatabaseConnection; cleanup: () => Promise<void> }> = [];
  try {
    const open = async (tag: string) => {
      const database = await freshDatabase(kind, tag, options.postgresUrl);
      const connection = await database.connect();
      opened.push({ connection, cleanup: database.cleanup });
      await connection.migrate(migrations, "__drizzle_migrations");
      return connection.db;
    };
    const oneStore = await open("stores_1");
    const twenty = await open(`stores_${options.storeCount}`);
    const storeIds = await addStores(twenty, options.storeCount);
    for (const [db, ids] of [
      [oneStore, [FIRST_STORE_ID]],
      [twenty, storeIds],
    ] as const) {
      const started = performance.now();
      await seedLedger(db, options.rows, ids);
      await matchDeliveries(db);
      console.log(
        `  ${kind}: seeded ${options.rows.toLocaleString("en")} rows over ${ids.length} store(s) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
    // One store of the twenty (not the first: the default of every column that names none).
    const scope = storeScopeOfGrants([storeIds[7]!]);
    if (options.explain) {
      await explainLedger(oneStore, merchantWideScope(), `${kind}, one store (all stores)`);
      await explainLedger(twenty, scope, `${kind}, one store of ${options.storeCount}`);
    }
    const results: StoresRow[] = [];
    for (const item of cases) {
      const { baseline, figure } = await timeInTurns(
        options.runs,
        () => item.run(oneStore, merchantWideScope()),
        () => item.run(twenty, item.consolidated ? merchantWideScope() : scope),
      );
      const row = {
        measure: `stores: ${item.name}, ${item.consolidated ? `all ${options.storeCount} stores` : `one store of ${options.storeCount}`}, ${kind}`,
        figure: `${label(options.rows)} rows over ${options.storeCount} stores p50 ${figure.p50.toFixed(1)} ms (p95 ${figure.p95.toFixed(1)})`,
        baseline: `${label(options.rows)} rows in one store p50 ${baseline.p50.toFixed(1)} ms (p95 ${baseline.p95.toFixed(1)})`,
        ratio: `×${(figure.p50 / baseline.p50).toFixed(2)} ${item.consolidated ? "(no goal: the consolidated read)" : "(goal ≤ ×1.2)"}`,
      };
      console.log(`  ${row.measure}: ${row.figure}   (baseline ${row.baseline}, ${row.ratio})`);
      results.push(row);
    }
    return results;
  } finally {
    for (const entry of opened) {
      await entry.connection.close().catch(() => {});
      await entry.cleanup().catch((error) => console.error(`could not remove a benchmark database: ${error}`));
    }
  }
}

export async function run(options: StoresOptions): Promise<StoresRow[]> {
  const rows: StoresRow[] = [];
  for (const kind of options.kinds) rows.push(...(await measureKind(kind, options)));
  return rows;
}

if (isMainModule(import.meta.url)) {
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  const kinds: DatabaseKind[] = [
    ...(hasFlag("skip-pglite") ? [] : (["pglite"] as const)),
    ...(postgresUrl && !hasFlag("skip-postgres") ? (["postgres"] as const) : []),
  ];
  const rows = await run({
    rows: numberOption("rows", 1_000_000),
    storeCount: numberOption("stores", 20),
    runs: numberOption("runs", 30),
    kinds,
    postgresUrl,
    explain: hasFlag("explain"),
  });
  console.log(`\n| measure | figure | baseline (same run) | ratio |\n|---|---|---|---|`);
  for (const row of rows) console.log(`| ${row.measure} | ${row.figure} | ${row.baseline} | ${row.ratio} |`);
}
