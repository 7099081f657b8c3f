// Client JavaScript per route of a production build, in gzip bytes (level 9): what a browser
// downloads before a route can run. Shared by the CI budget check (scripts/check-route-budgets.mjs)
// and benchmarks. Plain Node, no dependencies.
//
// Sources, both written by `next build`:
// - <distDir>/diagnostics/route-bundle-stats.json: each route's first-load chunks.
// - <distDir>/build-manifest.json `rootMainFiles`: the Next/React runtime, i.e. the chunks the App
//   Router boots from on every page before any route code (React, React DOM, the Next client and
//   router, Turbopack's chunk loader). Chosen over "chunks common to every route" because that
//   intersection also holds whatever the root layout ships (app code), which is exactly what the
//   budgets must catch. Polyfills (`polyfillFiles`) are left out: they load only in browsers
//   without ES modules (nomodule), and the route stats leave them out too.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const defaultDistDir = process.env.NEXT_DIST_DIR || ".next";

/** gzip level 9 size of a file, memoized per path (chunks are shared by many routes). */
export function createGzipSizer() {
  const sizes = new Map();
  return (file) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(file), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
}

// The stats name chunks from the project root (".next/static/chunks/x.js"); resolve them inside
// distDir instead, so a copied or relocated build is measured from its own files.
function chunkFile(distDir, statsPath) {
  const at = statsPath.replaceAll("\\", "/").indexOf("static/");
  if (at < 0) throw new Error(`Unexpected chunk path in route-bundle-stats.json: ${statsPath}`);
  return path.join(distDir, statsPath.slice(at));
}

function readJson(file, what) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`Cannot read ${what} at ${file} (run \`npx next build\` first): ${error.message}`);
  }
}

/**
 * Measures a build: the runtime's gzip bytes and each route's first-load gzip bytes (the sum of
 * its chunks, runtime included). Fails when the runtime chunks cannot be found or are not part of
 * every route's first load, rather than comparing against a wrong baseline.
 */
export function measureRouteJs(distDir = defaultDistDir) {
  const gzipSize = createGzipSizer();
  const manifest = readJson(path.join(distDir, "build-manifest.json"), "the build manifest");
  const stats = readJson(path.join(distDir, "diagnostics", "route-bundle-stats.json"), "the route bundle stats");
  const runtimeFiles = (manifest.rootMainFiles ?? []).map((file) => path.join(distDir, file));
  if (runtimeFiles.length === 0) throw new Error(`${distDir}/build-manifest.json has no rootMainFiles: cannot tell the Next/React runtime`);
  if (!Array.isArray(stats) || stats.length === 0) throw new Error(`${distDir}/diagnostics/route-bundle-stats.json lists no routes`);

  const routes = stats.map((entry) => {
    const chunks = entry.firstLoadChunkPaths.map((statsPath) => chunkFile(distDir, statsPath));
    const missing = runtimeFiles.filter((file) => !chunks.includes(file));
    if (missing.length > 0) {
      throw new Error(`${entry.route} does not load the runtime chunk(s) ${missing.join(", ")}: the build's layout changed`);
    }
    return { route: entry.route, gzipBytes: chunks.reduce((sum, file) => sum + gzipSize(file), 0), chunks };
  });
  const runtimeGzipBytes = runtimeFiles.reduce((sum, file) => sum + gzipSize(file), 0);
  return { runtime: { gzipBytes: runtimeGzipBytes, files: runtimeFiles }, routes, gzipSize };
}

export const kib = (bytes) => bytes / 1024;
export const formatKiB = (bytes) => kib(bytes).toFixed(1);

/**
 * gzip level 9 bytes of the scripts a browser loaded, named by their URL paths
 * ("/_next/static/chunks/x.js", as e2e/support/loaded-js.ts records them), read from the build that
 * served them: the same unit as measureRouteJs, so the same budgets apply. Each file counts once.
 * Fails on a script the build does not have (a record from another build).
 */
export function loadedScriptsGzip(distDir, urlPaths, gzipSize = createGzipSizer()) {
  let total = 0;
  for (const urlPath of new Set(urlPaths)) {
    const at = urlPath.indexOf("/_next/static/");
    if (at < 0) throw new Error(`${urlPath} is not a build asset (/_next/static/…)`);
    const file = path.join(distDir, decodeURIComponent(urlPath.slice(at + "/_next/".length)));
    try {
      total += gzipSize(file);
    } catch (error) {
      throw new Error(`${urlPath} is not in the build at ${distDir} (recorded against another build?): ${error.message}`);
    }
  }
  return total;
}
