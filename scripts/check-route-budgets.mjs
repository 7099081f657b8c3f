#!/usr/bin/env node
// Client JS budgets (issue #15), checked after `npx next build`: each route's first-load JS, gzip
// level 9, against a budget that is a ratio of the same build's Next/React runtime chunks (see
// scripts/support/route-js.mjs for how they are found), so a framework upgrade moves every budget
// with it. Deterministic: it reads the build's files, no server, no timing. Prints every route
// (largest first) and exits 1 with the numbers when one is over.
//
// With --loaded <dir> it checks instead what Chromium loaded for each route (issue #32), as the
// end-to-end walks recorded it (e2e/support/loaded-js.ts writes one JSON file per route into
// test-results/loaded-js/): the route's own scripts until none was in flight for 500 ms, against the same
// budgets, with what its links prefetched printed beside them (counted separately, not budgeted: it
// is the next page's, fetched while the browser is idle). The scripts are sized from this build's
// files, gzip level 9, like the static check: the same unit as the runtime, whatever the cache did.
//
// Usage: node scripts/check-route-budgets.mjs [--dist-dir .next] [--loaded test-results/loaded-js]
//        (default dist dir: $NEXT_DIST_DIR or .next)
//
// The ratios come from the issue's goals, measured against a hello-world app on the same Next and
// React: payer page ≤ hello-world + 5 KiB, sign-in ≤ + 20 KiB, every other route ≤ + 50 KiB. On
// Next 16.4.6 / React 19.3.1 the runtime chunks are 128.8 KiB and the hello-world app 131.7 KiB,
// so ratio = (131.7 + allowance) / 128.8, rounded down (never looser than the goal).
// Issue #47 (2026-11-27) let operator routes grow by what TanStack Query costs where it replaces
// hand-written client state: the form pages grew by 14.2 KiB (/cash-out 181.3 → 195.5 KiB, the
// library and the one mutation hook), so "any other route" is hello-world + 64.3 KiB: ×1.52. The
// payer page and sign-in do not load the library: their budgets are unchanged.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createGzipSizer, defaultDistDir, formatKiB, loadedScriptsGzip, measureRouteJs } from "./support/route-js.mjs";

/** First match wins; the last row covers every route not named above it. */
export const budgets = [
  // A payment link's public page (issue #48) is opened by the same strangers on the same phones: as lean.
  { name: "payer page", routes: ["/pay/[token]", "/l/[slug]"], ratio: 1.06, goal: "hello-world + 5 KiB" },
  { name: "sign-in", routes: ["/sign-in"], ratio: 1.17, goal: "hello-world + 20 KiB" },
  { name: "any other route", routes: "*", ratio: 1.52, goal: "hello-world + 50 KiB + TanStack Query (14.3 KiB)" },
];

export function budgetFor(route, table = budgets) {
  const budget = table.find((row) => row.routes === "*" || row.routes.includes(route));
  if (!budget) throw new Error(`No budget covers ${route}`);
  return budget;
}

/**
 * Each route with its budget in bytes (ratio × runtime), largest first; ok when none is over. A
 * route as loaded carries `prefetch` (what its links prefetched: scripts' gzip bytes, RSC requests
 * and their bytes as transferred), which is reported, not budgeted.
 */
export function checkRouteBudgets({ runtimeGzipBytes, routes }, table = budgets) {
  const rows = routes
    .map(({ route, gzipBytes, prefetch }) => {
      const budget = budgetFor(route, table);
      const budgetBytes = Math.floor(runtimeGzipBytes * budget.ratio);
      return {
        route,
        gzipBytes,
        ...(prefetch === undefined ? {} : { prefetch }),
        budgetName: budget.name,
        ratio: budget.ratio,
        budgetBytes,
        overBytes: gzipBytes - budgetBytes,
      };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes || a.route.localeCompare(b.route));
  return { ok: rows.every((row) => row.overBytes <= 0), rows, runtimeGzipBytes };
}

const formatPrefetch = ({ scriptsGzipBytes, rscRequests, rscEncodedBytes }) =>
  `${formatKiB(scriptsGzipBytes)} KiB JS, ${rscRequests} RSC (${formatKiB(rscEncodedBytes)} KiB)`;
const signed = (bytes) => `${bytes > 0 ? "+" : ""}${formatKiB(bytes)}`;

export function formatReport({ ok, rows, runtimeGzipBytes }, { loaded = false } = {}) {
  const lines = [`Next/React runtime chunks: ${formatKiB(runtimeGzipBytes)} KiB gzip (the budgets are ratios of it)`];
  if (loaded)
    lines.push(
      "As loaded by Chromium (end-to-end walks: a full load, until no script was in flight for 500 ms); prefetched: what the route's links had fetched by then, not budgeted.",
    );
  const header = [
    "route",
    loaded ? "KiB loaded" : "KiB gzip",
    "budget KiB",
    "",
    "vs budget",
    "over runtime",
    ...(loaded ? ["prefetched"] : []),
  ];
  const body = rows.map((row) => [
    row.route,
    formatKiB(row.gzipBytes),
    formatKiB(row.budgetBytes),
    `(${row.ratio} × runtime, ${row.budgetName})`,
    row.overBytes > 0 ? `OVER by ${formatKiB(row.overBytes)}` : `under by ${formatKiB(-row.overBytes)}`,
    signed(row.gzipBytes - runtimeGzipBytes),
    ...(loaded && row.prefetch ? [formatPrefetch(row.prefetch)] : []),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column].length)));
  const line = (cells) =>
    cells
      .map((cell, column) => (column === 0 || column === 3 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join("  ")
      .trimEnd();
  lines.push(line(header), ...body.map(line));
  const over = rows.filter((row) => row.overBytes > 0);
  lines.push(
    ok
      ? `All ${rows.length} routes are within their client JS budgets.`
      : `${over.length} route(s) over budget${loaded ? " as loaded" : ""}: ${over.map((row) => `${row.route} ${formatKiB(row.gzipBytes)} KiB > ${formatKiB(row.budgetBytes)} KiB (+${formatKiB(row.overBytes)})`).join("; ")}`,
  );
  return lines.join("\n");
}

/**
 * The records e2e/support/loaded-js.ts wrote into `dir` ({ route, scripts, prefetchScripts }), one
 * per route: a route recorded more than once (two specs, two servers) keeps its largest load.
 */
export function readLoadedRecords(dir) {
  const files = existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith(".json")) : [];
  if (files.length === 0)
    throw new Error(`no loaded-JS records in ${dir}: run the end-to-end walks first (e2e/support/loaded-js.ts writes them)`);
  const byRoute = new Map();
  for (const file of files) {
    const record = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    const kept = byRoute.get(record.route);
    if (!kept || record.scripts.length > kept.scripts.length) byRoute.set(record.route, record);
  }
  return [...byRoute.values()];
}

/** Each recorded route's loaded and prefetched gzip bytes, from the build's files; the runtime must be among what it loaded. */
export function measureLoadedRoutes(distDir, records) {
  const { runtime } = measureRouteJs(distDir);
  const gzipSize = createGzipSizer();
  const runtimeUrls = runtime.files.map((file) => `/_next/${path.relative(distDir, file).split(path.sep).join("/")}`);
  const routes = records.map((record) => {
    const missing = runtimeUrls.filter((url) => !record.scripts.includes(url));
    if (missing.length > 0)
      throw new Error(`${record.route} did not load the runtime chunk(s) ${missing.join(", ")}: a record from another build?`);
    const own = new Set(record.scripts);
    return {
      route: record.route,
      gzipBytes: loadedScriptsGzip(distDir, record.scripts, gzipSize),
      prefetch: {
        scriptsGzipBytes: loadedScriptsGzip(
          distDir,
          record.prefetchScripts.filter((url) => !own.has(url)),
          gzipSize,
        ),
        rscRequests: record.rscRequests ?? 0,
        rscEncodedBytes: record.rscEncodedBytes ?? 0,
      },
    };
  });
  return { runtimeGzipBytes: runtime.gzipBytes, routes };
}

function main(argv) {
  const option = (name) => {
    const at = argv.indexOf(name);
    if (at < 0) return undefined;
    if (!argv[at + 1]) throw new Error(`${name} needs a directory`);
    return argv[at + 1];
  };
  const distDir = option("--dist-dir") ?? defaultDistDir;
  const loadedDir = option("--loaded");
  if (loadedDir) {
    const result = checkRouteBudgets(measureLoadedRoutes(distDir, readLoadedRecords(loadedDir)));
    console.log(formatReport(result, { loaded: true }));
    return result.ok ? 0 : 1;
  }
  const { runtime, routes } = measureRouteJs(distDir);
  const result = checkRouteBudgets({ runtimeGzipBytes: runtime.gzipBytes, routes });
  console.log(formatReport(result));
  return result.ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(`check-route-budgets: ${error.message}`);
    process.exitCode = 1;
  }
}
