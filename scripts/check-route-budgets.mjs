#!/usr/bin/env node
// Client JS budgets (issue #15), checked after `npx next build`: each route's first-load JS, gzip
// level 9, against a budget that is a ratio of the same build's Next/React runtime chunks (see
// scripts/support/route-js.mjs for how they are found), so a framework upgrade moves every budget
// with it. Deterministic: it reads the build's files, no server, no timing. Prints every route
// (largest first) and exits 1 with the numbers when one is over.
//
// Usage: node scripts/check-route-budgets.mjs [--dist-dir .next]   (default: $NEXT_DIST_DIR or .next)
//
// The ratios come from the issue's goals, measured against a hello-world app on the same Next and
// React: payer page ≤ hello-world + 5 KiB, sign-in ≤ + 20 KiB, every other route ≤ + 50 KiB. On
// Next 16.4.6 / React 19.3.1 the runtime chunks are 128.8 KiB and the hello-world app 131.7 KiB,
// so ratio = (131.7 + allowance) / 128.8, rounded down (never looser than the goal).
import { pathToFileURL } from "node:url";
import { defaultDistDir, formatKiB, measureRouteJs } from "./support/route-js.mjs";

/** First match wins; the last row covers every route not named above it. */
export const budgets = [
  { name: "payer page", routes: ["/pay/[token]"], ratio: 1.06, goal: "hello-world + 5 KiB" },
  { name: "sign-in", routes: ["/sign-in"], ratio: 1.17, goal: "hello-world + 20 KiB" },
  { name: "any other route", routes: "*", ratio: 1.41, goal: "hello-world + 50 KiB" },
];

export function budgetFor(route, table = budgets) {
  const budget = table.find((row) => row.routes === "*" || row.routes.includes(route));
  if (!budget) throw new Error(`No budget covers ${route}`);
  return budget;
}

/** Each route with its budget in bytes (ratio × runtime), largest first; ok when none is over. */
export function checkRouteBudgets({ runtimeGzipBytes, routes }, table = budgets) {
  const rows = routes
    .map(({ route, gzipBytes }) => {
      const budget = budgetFor(route, table);
      const budgetBytes = Math.floor(runtimeGzipBytes * budget.ratio);
      return { route, gzipBytes, budgetName: budget.name, ratio: budget.ratio, budgetBytes, overBytes: gzipBytes - budgetBytes };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes || a.route.localeCompare(b.route));
  return { ok: rows.every((row) => row.overBytes <= 0), rows, runtimeGzipBytes };
}

const signed = (bytes) => `${bytes > 0 ? "+" : ""}${formatKiB(bytes)}`;

export function formatReport({ ok, rows, runtimeGzipBytes }) {
  const lines = [`Next/React runtime chunks: ${formatKiB(runtimeGzipBytes)} KiB gzip (the budgets are ratios of it)`];
  const header = ["route", "KiB gzip", "budget KiB", "", "vs budget", "over runtime"];
  const body = rows.map((row) => [
    row.route,
    formatKiB(row.gzipBytes),
    formatKiB(row.budgetBytes),
    `(${row.ratio} × runtime, ${row.budgetName})`,
    row.overBytes > 0 ? `OVER by ${formatKiB(row.overBytes)}` : `under by ${formatKiB(-row.overBytes)}`,
    signed(row.gzipBytes - runtimeGzipBytes),
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
      : `${over.length} route(s) over budget: ${over.map((row) => `${row.route} ${formatKiB(row.gzipBytes)} KiB > ${formatKiB(row.budgetBytes)} KiB (+${formatKiB(row.overBytes)})`).join("; ")}`,
  );
  return lines.join("\n");
}

function main(argv) {
  const at = argv.indexOf("--dist-dir");
  const distDir = at >= 0 ? argv[at + 1] : defaultDistDir;
  if (!distDir) throw new Error("--dist-dir needs a directory");
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
