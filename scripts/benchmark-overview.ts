// Benchmark of the Overview: its database work (chart figures for today / 7 / 30 days, delivery
// health, today's counts) timed on 1,000 ledger rows (the baseline) and on 1,000,000 rows in the same
// run, with the access path each chart query uses at full size; and the route's client JavaScript
// in a build before this change (--baseline-dist) and after it (--dist).
//
//   npm run bench:overview
//   npm run bench:overview -- --rows 200000 --runs 20 --dist .next --baseline-dist .next-base
//
// BENCH_DATABASE_URL (default: the local test server) must let its user create databases: two fresh
// ones (overview_bench_*) are created, seeded with generate_series and dropped at the end. The JS
// figures read the build's manifests; build first (`npx next build`, and the baseline build with
// NEXT_DIST_DIR=.next-base at the commit before).
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { hasFlag, numberOption, textOption, timeRuns, withAdminClient } from "./support/bench";
import { openDatabase, type Database, type DatabaseConnection } from "@/lib/db/client";
import { summariseLedger } from "@/lib/db/queries/overview";
import { loadChartFigures } from "@/lib/db/queries/overview-charts";
import { rollupGroupsQuery } from "@/lib/db/queries/overview-rollups";
import type { ChartRange } from "@/lib/vocabulary/chart-figures";
import { loadDeliveryHealth } from "@/lib/db/queries/overview-health";
import { nextCalendarDay, saoPauloDayRange, saoPauloDayStart } from "@/lib/vocabulary/sao-paulo-dates";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";

const bigRows = numberOption("rows", 1_000_000);
const baselineRows = numberOption("baseline", 1_000);
const runs = numberOption("runs", 20);
const distDir = textOption("dist") ?? ".next";
const baselineDistDir = textOption("baseline-dist") ?? ".next-base";
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://wallet_test:wallet_test@localhost:5432/wallet_test";
const root = path.resolve(import.meta.dirname, "..");
const migrations = path.join(root, "lib/db/migrations");

// The seeded year ends on 2025-12-31 (São Paulo); "today" is that day.
const spanStart = "2025-01-01T03:00:00Z";
const spanSeconds = 365 * 86_400;
const lastDay = "2025-12-31";
const now = new Date(saoPauloDayStart(nextCalendarDay(lastDay)).getTime() - 3_600_000);

/** Rows 1..total across the year: 80% cash-in, statuses 70/15/10/5%, 60% with tax, one callback per 10 rows. */
async function seed(db: Database, total: number) {
  const chunk = 100_000;
  for (let first = 1; first <= total; first += chunk) {
    const last = Math.min(total, first + chunk - 1);
    await db.execute(sql`
      insert into transactions (kind, creation_state, status, wallet_transaction_id, amount_cents, tax, idempotency_key, created_at, status_changed_at, expires_at)
      select kind, state, status, case when state = 'created' then 'wtx_' || n end, amount,
        case when n % 5 < 3 then round(amount * 0.0099) end, 'bench-' || n, created_at,
        case when status = 'SUCCEED' then created_at + ((n * 7919) % 3600) * interval '1 second' end,
        case when kind = 'CASH_IN' then created_at + interval '30 minutes' end
      from (
        select n, kind, state, 100 + (n * 104729) % 1000000 as amount,
          ${spanStart}::timestamptz + (n * ${spanSeconds}::bigint / ${total}::bigint) * interval '1 second' as created_at,
          case when state <> 'created' then null when h < 70 then 'SUCCEED' when h < 85 then 'PENDING' when h < 95 then 'CANCELED' else 'FAILED' end as status
        from (
          select n, ('x' || substr(md5('status' || n), 1, 7))::bit(28)::int % 100 as h,
            case when n % 5 = 0 then 'CASH_OUT' else 'CASH_IN' end as kind,
            case when n % 997 = 0 then 'outcome_unknown' when n % 1009 = 0 then 'creating' else 'created' end as state
          from generate_series(${first}::bigint, ${last}::bigint) as n
        ) as hashed
      ) as source`);
    await db.execute(sql`
      insert into callback_deliveries (wallet_transaction_id, status, outcome, body, received_at)
      select 'wtx_' || n, 'SUCCEED', case when n % 1000 = 0 then 'unmatched' else 'applied' end, '{}'::jsonb,
        ${spanStart}::timestamptz + (n * ${spanSeconds}::bigint / ${total}::bigint) * interval '1 second'
      from generate_series(${first}::bigint, ${last}::bigint) as n where n % 10 = 0`);
    if (total >= 100_000) process.stdout.write(`  ${last.toLocaleString("en")} rows\r`);
  }
  // A fresh table's visibility map is empty until vacuumed; index-only scans need it (autovacuum
  // does this in production).
  await db.execute(sql`vacuum analyze transactions`);
  await db.execute(sql`vacuum analyze callback_deliveries`);
}

function rangeOfDays(from: string, to: string): ChartRange {
  return { start: saoPauloDayStart(from), end: saoPauloDayStart(nextCalendarDay(to)), unit: from === to ? "hour" : "day" };
}

const ranges: Array<{ name: string; range: ChartRange }> = [
  { name: "charts: today (per hour)", range: rangeOfDays(lastDay, lastDay) },
  { name: "charts: last 7 days", range: rangeOfDays("2025-12-25", lastDay) },
  { name: "charts: last 30 days", range: rangeOfDays("2025-12-02", lastDay) },
];

async function accessPaths(db: Database, range: ChartRange): Promise<string> {
  const result = (await db.execute(sql`explain ${rollupGroupsQuery(db, merchantWideScope(), range.unit, range)}`)) as unknown as {
    rows: Array<Record<string, string>>;
  };
  const paths = result.rows.flatMap((row) => {
    const match = /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)(?: using| on) (\S+)/.exec(Object.values(row)[0]!);
    return match ? [`${match[1] === "Seq Scan" ? "SEQ SCAN" : match[1]} ${match[2]!.replace(/^transactions_/, "")}`] : [];
  });
  return [...new Set(paths)].join(", ");
}

type Case = { name: string; run: (db: Database) => Promise<unknown>; range?: ChartRange };

const cases: Case[] = [
  ...ranges.map(({ name, range }) => ({ name, range, run: (db: Database) => loadChartFigures(db, merchantWideScope(), range, "cents") })),
  { name: "delivery health", run: (db: Database) => loadDeliveryHealth(db, merchantWideScope(), now) },
  { name: "today's counts (rollups)", run: (db: Database) => summariseLedger(db, merchantWideScope(), saoPauloDayRange(lastDay)) },
  {
    name: "whole Overview (default 7 days), in parallel",
    run: (db: Database) =>
      Promise.all([
        loadChartFigures(db, merchantWideScope(), ranges[1]!.range, "cents"),
        loadDeliveryHealth(db, merchantWideScope(), now),
        summariseLedger(db, merchantWideScope(), saoPauloDayRange(lastDay)),
      ]),
  },
];

async function measureDatabase() {
  const sizes: Array<{ rows: number; connection: DatabaseConnection; drop: () => Promise<void> }> = [];
  try {
    for (const rows of [baselineRows, bigRows]) {
      const started = performance.now();
      const name = `overview_bench_${randomBytes(4).toString("hex")}_${rows}`;
      await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const connection = await openDatabase({ kind: "postgres", url: url.toString(), connectTimeoutMs: 5_000 });
      sizes.push({
        rows,
        connection,
        drop: async () => {
          await connection.close();
          await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
        },
      });
      await connection.migrate(migrations, "__drizzle_migrations");
      await seed(connection.db, rows);
      console.log(`postgres: seeded ${rows.toLocaleString("en")} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const [small, large] = sizes as [(typeof sizes)[0], (typeof sizes)[0]];
    const format = (value: number) => value.toFixed(1).padStart(8);
    console.log(`\nOverview server time (database work), ms, p50 / p95 over ${runs} runs`);
    console.log(
      `${"case".padEnd(46)} ${`${baselineRows.toLocaleString("en")} rows`.padStart(19)} ${`${bigRows.toLocaleString("en")} rows`.padStart(19)}   ratio p50   access path at full size`,
    );
    for (const item of cases) {
      const smallTiming = await timeRuns(runs, () => item.run(small.connection.db));
      const largeTiming = await timeRuns(runs, () => item.run(large.connection.db));
      const plan = item.range ? await accessPaths(large.connection.db, item.range) : "";
      console.log(
        `${item.name.padEnd(46)} ${format(smallTiming.p50)} / ${format(smallTiming.p95)} ${format(largeTiming.p50)} / ${format(largeTiming.p95)}   ${(largeTiming.p50 / smallTiming.p50).toFixed(1).padStart(8)}×   ${plan}`,
      );
    }
  } finally {
    for (const size of sizes) await size.drop();
  }
}

/** The JS files a browser loads for an app route: the root bootstrap plus the route's entry chunks. */
function routeJs(dist: string, route: string): { files: number; bytes: number; gzipBytes: number } | undefined {
  const manifestPath = path.join(root, dist, "server/app", `${route}_client-reference-manifest.js`);
  if (!existsSync(manifestPath)) return undefined;
  const scope = globalThis as unknown as { self?: unknown; __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> };
  scope.self = globalThis;
  scope.__RSC_MANIFEST = {};
  new Function(readFileSync(manifestPath, "utf8"))();
  const entry = scope.__RSC_MANIFEST[`/${route}`];
  const buildManifest = JSON.parse(readFileSync(path.join(root, dist, "build-manifest.json"), "utf8")) as {
    rootMainFiles: string[];
    polyfillFiles: string[];
  };
  const files = new Set<string>(buildManifest.rootMainFiles);
  for (const chunks of Object.values(entry?.entryJSFiles ?? {})) for (const file of chunks) files.add(file);
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const full = path.join(root, dist, file);
    bytes += statSync(full).size;
    gzipBytes += gzipSync(readFileSync(full)).length;
  }
  return { files: files.size, bytes, gzipBytes };
}

function printJs() {
  console.log(`\nClient JavaScript per route (root bootstrap + route chunks; KiB raw / gzip)`);
  const kib = (value: number) => (value / 1024).toFixed(1);
  for (const route of ["(dashboard)/page", "(dashboard)/notifications/page", "(dashboard)/settings/alerts/page"]) {
    const before = routeJs(baselineDistDir, route);
    const after = routeJs(distDir, route);
    const show = (figures: ReturnType<typeof routeJs>) =>
      figures ? `${figures.files} files, ${kib(figures.bytes)} / ${kib(figures.gzipBytes)}` : "no such route";
    console.log(`${route.padEnd(36)} before (${baselineDistDir}): ${show(before).padEnd(30)} after (${distDir}): ${show(after)}`);
  }
}

printJs();
if (!hasFlag("js-only")) await measureDatabase();
