// The client JS budget check on a small fake build: gzip bytes per route, budgets relative to the
// runtime chunks, the exit code CI relies on.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { budgetFor, checkRouteBudgets } from "./check-route-budgets.mjs";
import { measureRouteJs } from "./support/route-js.mjs";

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

function runCheck(distDir: string) {
  const run = spawnSync(process.execPath, [script, "--dist-dir", distDir], { encoding: "utf8" });
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
