// Issue #32's in-process rows: the Overview and every ledger filter and search the list offers, each
// timed on a 1,000-row ledger (the baseline) and on a large one in the same run, on PGlite and
// PostgreSQL. The goal is ≤ ×2 from 1k to 1M rows: the Overview reads maintained rollups, the list
// reads indexes in its own order and counts up to a cap.
//
//   npx tsx --conditions=react-server scripts/bench/performance.ts                 # 1M rows, both databases
//   npx tsx --conditions=react-server scripts/bench/performance.ts --quick         # 100k rows, fewer runs
//   … --rows 200000 --runs 20 --skip-pglite --skip-postgres
//
// PostgreSQL is the server at BENCH_DATABASE_URL (its user creates and drops bench_* databases);
// without it only PGlite is measured. `run(options)` is what `npm run bench` calls.
import { performance } from "node:perf_hooks";
import { countLedgerRows } from "@/lib/db/queries/ledger";
import { hasAnyTransaction, summariseLedger } from "@/lib/db/queries/overview";
import { loadChartFigures } from "@/lib/db/queries/overview-charts";
import { loadDeliveryHealth } from "@/lib/db/queries/overview-health";
import type { Database, DatabaseConnection } from "@/lib/db/client";
import { nextCalendarDay, saoPauloDayRange, saoPauloDayStart } from "@/lib/vocabulary/sao-paulo-dates";
import type { ChartRange } from "@/lib/vocabulary/chart-figures";
import { casesFor, seedLedger } from "../benchmark-ledger";
import { hasFlag, isMainModule, numberOption, timeInTurns } from "../support/bench";
import { type DatabaseKind, freshDatabase } from "./support";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";

export type PerformanceOptions = { rows: number; baselineRows: number; runs: number; kinds: DatabaseKind[]; postgresUrl?: string };
export type PerformanceRow = { measure: string; figure: string; baseline: string; ratio: string };

const migrations = "lib/db/migrations";
// seedLedger's year ends on 2025-12-31 (São Paulo): that is "today" for the Overview.
const lastDay = "2025-12-31";
const now = new Date(saoPauloDayStart(nextCalendarDay(lastDay)).getTime() - 3_600_000);
const daysBack = (count: number) => new Date(saoPauloDayStart(lastDay).getTime() - (count - 1) * 86_400_000);
const rangeOf = (start: Date, unit: ChartRange["unit"]): ChartRange => ({ start, end: saoPauloDayStart(nextCalendarDay(lastDay)), unit });

/** What the Overview page reads for a range, all at once as the page does. */
function overviewPage(db: Database, range: ChartRange) {
  return Promise.all([
    loadChartFigures(db, merchantWideScope(), range, "cents"),
    loadDeliveryHealth(db, merchantWideScope(), now),
    summariseLedger(db, merchantWideScope(), saoPauloDayRange(lastDay)),
    hasAnyTransaction(db, merchantWideScope()),
  ]);
}

type Case = { name: string; run: (db: Database) => Promise<unknown> };

async function casesOf(db: Database, rows: number): Promise<Case[]> {
  const overview: Case[] = [
    { name: "Overview, today per hour", run: (on) => overviewPage(on, rangeOf(saoPauloDayStart(lastDay), "hour")) },
    { name: "Overview, last 7 days (the default)", run: (on) => overviewPage(on, rangeOf(daysBack(7), "day")) },
    { name: "Overview, last 30 days", run: (on) => overviewPage(on, rangeOf(daysBack(30), "day")) },
    { name: "Overview, 92 days (the longest custom range)", run: (on) => overviewPage(on, rangeOf(daysBack(92), "day")) },
  ];
  // Each ledger case as the list page runs it: the page of rows and the capped count beside it.
  const ledger = (await casesFor(db, rows))
    .filter((entry) => entry.filters !== undefined)
    .map((entry) => ({
      name: `ledger ${entry.name}`,
      filters: entry.filters!,
    }));
  const ledgerCases: Case[] = [];
  for (const [index, entry] of ledger.entries())
    ledgerCases.push({
      name: entry.name,
      // casesFor picks values that exist at each size; the index finds this size's own case.
      run: async (on) => {
        const own = (casesByDatabase.get(on) ?? [])[index]!;
        await Promise.all([own.run(), countLedgerRows(on, merchantWideScope(), own.filters!)]);
      },
    });
  return [...overview, ...ledgerCases];
}

const casesByDatabase = new Map<Database, Awaited<ReturnType<typeof casesFor>>>();

const label = (rows: number) => (rows >= 1_000_000 ? `${rows / 1_000_000}M` : rows >= 1_000 ? `${rows / 1_000}k` : String(rows));

async function measureKind(kind: DatabaseKind, options: PerformanceOptions): Promise<PerformanceRow[]> {
  const opened: Array<{ connection: DatabaseConnection; cleanup: () => Promise<void> }> = [];
  try {
    for (const rows of [options.baselineRows, options.rows]) {
      const database = await freshDatabase(kind, `perf_${label(rows)}`, options.postgresUrl);
      const connection = await database.connect();
      opened.push({ connection, cleanup: database.cleanup });
      await connection.migrate(migrations, "__drizzle_migrations");
      const started = performance.now();
      await seedLedger(connection.db, rows);
      console.log(`  ${kind}: seeded ${rows.toLocaleString("en")} rows in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      casesByDatabase.set(
        connection.db,
        (await casesFor(connection.db, rows)).filter((entry) => entry.filters !== undefined),
      );
    }
    const [small, large] = opened.map((entry) => entry.connection.db) as [Database, Database];
    const results: PerformanceRow[] = [];
    for (const item of await casesOf(large, options.rows)) {
      const { baseline, figure } = await timeInTurns(
        options.runs,
        () => item.run(small),
        () => item.run(large),
      );
      const ratio = figure.p50 / baseline.p50;
      const row = {
        measure: `${item.name}, ${kind}`,
        figure: `${label(options.rows)} rows p50 ${figure.p50.toFixed(1)} ms (p95 ${figure.p95.toFixed(1)})`,
        baseline: `${label(options.baselineRows)} rows p50 ${baseline.p50.toFixed(1)} ms (p95 ${baseline.p95.toFixed(1)})`,
        ratio: `×${ratio.toFixed(2)} (goal ≤ ×2)`,
      };
      console.log(`  ${row.measure}: ${row.figure}   (baseline ${row.baseline}, ${row.ratio})`);
      results.push(row);
    }
    return results;
  } finally {
    for (const entry of opened) {
      casesByDatabase.delete(entry.connection.db);
      await entry.connection.close().catch(() => {});
      await entry.cleanup().catch((error) => console.error(`could not remove a benchmark database: ${error}`));
    }
  }
}

export async function run(options: PerformanceOptions): Promise<PerformanceRow[]> {
  const rows: PerformanceRow[] = [];
  for (const kind of options.kinds) rows.push(...(await measureKind(kind, options)));
  return rows;
}

if (isMainModule(import.meta.url)) {
  const quick = hasFlag("quick");
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  const kinds: DatabaseKind[] = [
    ...(hasFlag("skip-pglite") ? [] : (["pglite"] as const)),
    ...(postgresUrl && !hasFlag("skip-postgres") ? (["postgres"] as const) : []),
  ];
  const rows = await run({
    rows: numberOption("rows", quick ? 100_000 : 1_000_000),
    baselineRows: numberOption("baseline", 1_000),
    runs: numberOption("runs", quick ? 10 : 30),
    kinds,
    postgresUrl,
  });
  console.log(`\n| measure | figure | baseline (same run) | ratio |\n|---|---|---|---|`);
  for (const row of rows) console.log(`| ${row.measure} | ${row.figure} | ${row.baseline} | ${row.ratio} |`);
}
