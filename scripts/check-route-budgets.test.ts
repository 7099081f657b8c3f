// The client JS budget check on a small fake build: gzip bytes per route, budgets relative to the
// runtime chunks, the exit code CI relies on.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { budgetFor, checkRouteBudgets, measureLoadedRoutes, readLoadedRecords } from "./check-route-budgets.mjs";
import { loadedScriptsGzip, measureRouteJs } from "./support/route-js.mjs";

const KiB = 1024;
const script = path.resolve(import.meta.dirname, "check-route-budgets.mjs");
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Incompressible but reproducible bytes (gzip stores them: size + a few bytes of framing).
function noise(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < size; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[index] = state & 0xff;
  }
  return bytes;
}

/**
 * A build directory shaped like Next's: two runtime chunks (rootMainFiles), a layout chunk shared
 * by every route, and one chunk per route. Sizes in KiB, before gzip.
 */
function fakeBuild(runtimeKiB: number, routeKiB: Record<string, number>) {
  const distDir = mkdtempSync(path.join(tmpdir(), "route-budgets-"));
  dirs.push(distDir);
  mkdirSync(path.join(distDir, "static", "chunks"), { recursive: true });
  mkdirSync(path.join(distDir, "diagnostics"));
  let seed = 1;
  const chunk = (name: string, kib: number) => {
    writeFileSync(path.join(distDir, "static", "chunks", name), noise(Math.round(kib * KiB), seed++));
    return `static/chunks/${name}`;
  };
  const runtime = [chunk("runtime-a.js", runtimeKiB / 2), chunk("runtime-b.js", runtimeKiB / 2)];
  const layout = chunk("layout.js", 1);
  writeFileSync(path.join(distDir, "build-manifest.json"), JSON.stringify({ polyfillFiles: [], rootMainFiles: runtime }));
  const stats = Object.entries(routeKiB).map(([route, kib], index) => ({
    route,
    // As Next writes them: relative to the project root, under its own dist dir name.
    firstLoadChunkPaths: [...runtime, layout, chunk(`page-${index}.js`, kib)].map((file) => `.next/${file}`),
  }));
  writeFileSync(path.join(distDir, "diagnostics", "route-bundle-stats.json"), JSON.stringify(stats));
  return distDir;
}

function runCheck(distDir: string, ...extra: string[]) {
  const run = spawnSync(process.execPath, [script, "--dist-dir", distDir, ...extra], { encoding: "utf8" });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe("measureRouteJs", () => {
  it("sums each route's chunks gzipped at level 9, and measures the runtime from rootMainFiles", () => {
    const distDir = fakeBuild(100, { "/sign-in": 10, "/": 30 });
    const { runtime, routes } = measureRouteJs(distDir);
    const gz = (name: string) => gzipSync(readFileSync(path.join(distDir, "static", "chunks", name)), { level: 9 }).length;
    expect(runtime.gzipBytes).toBe(gz("runtime-a.js") + gz("runtime-b.js"));
    expect(routes.find((route) => route.route === "/sign-in")?.gzipBytes).toBe(runtime.gzipBytes + gz("layout.js") + gz("page-0.js"));
    expect(routes.find((route) => route.route === "/")?.gzipBytes).toBe(runtime.gzipBytes + gz("layout.js") + gz("page-1.js"));
  });

  it("refuses a build whose routes do not load the runtime chunks, rather than using a wrong baseline", () => {
    const distDir = fakeBuild(100, { "/": 1 });
    writeFileSync(path.join(distDir, "build-manifest.json"), JSON.stringify({ rootMainFiles: ["static/chunks/elsewhere.js"] }));
    expect(() => measureRouteJs(distDir)).toThrow(/does not load the runtime chunk/);
    writeFileSync(path.join(distDir, "build-manifest.json"), JSON.stringify({}));
    expect(() => measureRouteJs(distDir)).toThrow(/no rootMainFiles/);
  });
});

describe("checkRouteBudgets", () => {
  const table = [
    { name: "payer page", routes: ["/pay/[token]"], ratio: 1.06, goal: "" },
    { name: "any other route", routes: "*" as const, ratio: 1.41, goal: "" },
  ];

  it("fails a route over its budget with its numbers, and lists routes largest first", () => {
    const result = checkRouteBudgets(
      {
        runtimeGzipBytes: 100 * KiB,
        routes: [
          { route: "/", gzipBytes: 140 * KiB },
          { route: "/pay/[token]", gzipBytes: 107 * KiB },
          { route: "/cash-in", gzipBytes: 150 * KiB },
        ],
      },
      table,
    );
    expect(result.ok).toBe(false);
    expect(result.rows.map((row) => row.route)).toEqual(["/cash-in", "/", "/pay/[token]"]);
    const payer = result.rows.find((row) => row.route === "/pay/[token]");
    expect(payer).toMatchObject({
      budgetName: "payer page",
      budgetBytes: Math.floor(106 * KiB),
      overBytes: 107 * KiB - Math.floor(106 * KiB),
    });
    expect(result.rows.find((row) => row.route === "/cash-in")?.overBytes).toBe(150 * KiB - Math.floor(141 * KiB));
    expect(result.rows.find((row) => row.route === "/")?.overBytes).toBeLessThan(0);
  });

  it("moves every budget with the runtime figure", () => {
    const routes = [{ route: "/pay/[token]", gzipBytes: 107 * KiB }];
    expect(checkRouteBudgets({ runtimeGzipBytes: 100 * KiB, routes }, table).ok).toBe(false);
    expect(checkRouteBudgets({ runtimeGzipBytes: 101 * KiB, routes }, table).ok).toBe(true);
  });

  it("gives the payer page and sign-in their own budgets, tighter than everything else", () => {
    expect(budgetFor("/pay/[token]").ratio).toBeLessThan(budgetFor("/sign-in").ratio);
    expect(budgetFor("/sign-in").ratio).toBeLessThan(budgetFor("/cash-out").ratio);
    expect(budgetFor("/cash-out")).toBe(budgetFor("/_not-found"));
  });

  it("holds a payment link's public page to the payer page's budget (issue #48)", () => {
    expect(budgetFor("/l/[slug]")).toBe(budgetFor("/pay/[token]"));
  });
});

// Each test starts Node: generous time limits for a machine busy with a build.
describe("node scripts/check-route-budgets.mjs", { timeout: 60_000 }, () => {
  // Runtime 100 KiB: payer budget 106, sign-in 117, others 141 (plus a few bytes of gzip framing).
  const routes = { "/pay/[token]": 8, "/sign-in": 12, "/cash-out": 30 };

  it("exits 1 and prints the over-budget route with its numbers", () => {
    const { status, output } = runCheck(fakeBuild(100, routes));
    expect(status).toBe(1);
    expect(output).toMatch(/\/pay\/\[token\]\s+109\.\d\s+106\.\d.*OVER by 3\.\d/);
    expect(output).toMatch(/1 route\(s\) over budget: \/pay\/\[token\]/);
    expect(output).toMatch(/\/sign-in\s+113\.\d\s+117\.\d.*under by/);
  });

  it("passes the same routes on a bigger runtime: the budgets are ratios of it", () => {
    const { status, output } = runCheck(fakeBuild(200, routes));
    expect(output).toMatch(/Next\/React runtime chunks: 200\.\d KiB/);
    expect(output).toMatch(/All 3 routes are within their client JS budgets/);
    expect(status).toBe(0);
  });

  it("fails with a message when there is no build to read", () => {
    const { status, output } = runCheck(path.join(tmpdir(), "no-such-build-dir"));
    expect(status).toBe(1);
    expect(output).toMatch(/run `npx next build` first/);
  });
});

// As loaded (issue #32): records shaped as e2e/support/loaded-js.ts writes them, sized from the build.
const url = (name: string) => `/_next/static/chunks/${name}`;
const runtimeUrls = [url("runtime-a.js"), url("runtime-b.js")];

/** A loaded-JS records folder: one JSON file per record. */
function loadedDir(
  records: Array<{ route: string; scripts: string[]; prefetchScripts?: string[]; rscRequests?: number; rscEncodedBytes?: number }>,
) {
  const dir = mkdtempSync(path.join(tmpdir(), "loaded-js-"));
  dirs.push(dir);
  for (const [index, record] of records.entries())
    writeFileSync(
      path.join(dir, `${index}.json`),
      JSON.stringify({ path: record.route, prefetchScripts: [], rscRequests: 0, rscEncodedBytes: 0, ...record }),
    );
  return dir;
}

describe("the budgets as loaded", () => {
  it("sizes a route's loaded scripts from the build, gzip level 9, each file once; prefetched scripts apart", () => {
    const distDir = fakeBuild(100, { "/cash-in": 10, "/cash-out": 20 });
    const gz = (name: string) => gzipSync(readFileSync(path.join(distDir, "static", "chunks", name)), { level: 9 }).length;
    const { runtimeGzipBytes, routes } = measureLoadedRoutes(distDir, [
      {
        route: "/cash-in",
        // page-1.js is another route's chunk, loaded by this one after hydrating: it counts.
        scripts: [...runtimeUrls, url("layout.js"), url("page-0.js"), url("page-1.js"), url("page-0.js")],
        prefetchScripts: [url("page-1.js"), url("layout.js")],
        rscRequests: 3,
        rscEncodedBytes: 900,
      },
    ]);
    expect(runtimeGzipBytes).toBe(gz("runtime-a.js") + gz("runtime-b.js"));
    expect(routes[0]).toEqual({
      route: "/cash-in",
      gzipBytes: runtimeGzipBytes + gz("layout.js") + gz("page-0.js") + gz("page-1.js"),
      // Loaded for the route itself already: not counted twice.
      prefetch: { scriptsGzipBytes: 0, rscRequests: 3, rscEncodedBytes: 900 },
    });
    expect(loadedScriptsGzip(distDir, [url("page-1.js")])).toBe(gz("page-1.js"));
  });

  it("refuses records from another build: a script it does not have, or no runtime", () => {
    const distDir = fakeBuild(100, { "/": 1 });
    expect(() => measureLoadedRoutes(distDir, [{ route: "/", scripts: [...runtimeUrls, url("gone.js")], prefetchScripts: [] }])).toThrow(
      /not in the build/,
    );
    expect(() => measureLoadedRoutes(distDir, [{ route: "/", scripts: [url("layout.js")], prefetchScripts: [] }])).toThrow(
      /did not load the runtime chunk/,
    );
  });

  it("keeps a route's largest record when two specs recorded it, and refuses an empty folder", () => {
    const dir = loadedDir([
      { route: "/sign-in", scripts: [...runtimeUrls] },
      { route: "/sign-in", scripts: [...runtimeUrls, url("page-0.js")] },
      { route: "/", scripts: [...runtimeUrls] },
    ]);
    const records = readLoadedRecords(dir);
    expect(records.map((record) => [record.route, record.scripts.length])).toEqual([
      ["/sign-in", 3],
      ["/", 2],
    ]);
    expect(() => readLoadedRecords(loadedDir([]))).toThrow(/no loaded-JS records/);
  });
});

describe("node scripts/check-route-budgets.mjs --loaded", { timeout: 60_000 }, () => {
  // Runtime 100 KiB: the payer page's budget is 106 KiB. Statically it loads 100 + 1 (layout) + 2;
  // as loaded it also fetches a 10 KiB chunk after hydrating, which the static check cannot see.
  it("fails a route over its budget as loaded that the static check passes, and prints what was prefetched", () => {
    const distDir = fakeBuild(100, { "/pay/[token]": 2, "/cash-in": 10 });
    expect(runCheck(distDir).status).toBe(0);
    const dir = loadedDir([
      { route: "/pay/[token]", scripts: [...runtimeUrls, url("layout.js"), url("page-0.js"), url("page-1.js")] },
      { route: "/cash-in", scripts: [...runtimeUrls, url("layout.js"), url("page-1.js")], rscRequests: 36, rscEncodedBytes: 18_000 },
    ]);
    const { status, output } = runCheck(distDir, "--loaded", dir);
    expect(status).toBe(1);
    expect(output).toMatch(/\/pay\/\[token\]\s+113\.\d\s+106\.\d.*OVER by 7\.\d/);
    expect(output).toMatch(/\/cash-in\s+111\.\d\s+152\.\d.*under by .*0\.0 KiB JS, 36 RSC \(17\.6 KiB\)/);
    expect(output).toMatch(/1 route\(s\) over budget as loaded: \/pay\/\[token\]/);
  });

  it("passes when every route is within its budget as loaded, and fails without records", () => {
    const distDir = fakeBuild(100, { "/pay/[token]": 2 });
    const within = runCheck(
      distDir,
      "--loaded",
      loadedDir([{ route: "/pay/[token]", scripts: [...runtimeUrls, url("layout.js"), url("page-0.js")] }]),
    );
    expect(within.output).toMatch(/All 1 routes are within their client JS budgets/);
    expect(within.status).toBe(0);
    const none = runCheck(distDir, "--loaded", path.join(tmpdir(), "no-such-loaded-js-dir"));
    expect(none.status).toBe(1);
    expect(none.output).toMatch(/no loaded-JS records/);
  });
});
