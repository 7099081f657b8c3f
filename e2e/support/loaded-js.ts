// The client JS a route loads as Chromium loads it (issue #32), recorded where the end-to-end walks
// already load every page, so CI measures it at no extra cost: after a full load of the route
// (page.goto: a fresh document, not a client-side navigation, which fetches only the route's own
// chunks), once the page is hydrated and no script has been in flight for half a second (see
// watchNetwork), its Resource Timing entries name every script this document loaded — from the HTML, its preloads, and what the page imported
// on its own after hydrating — whether the bytes came from the server or the browser's cache.
// What the route's links prefetched (Next's <Link> RSC requests, `rel=prefetch` scripts) is kept
// apart: the next page's, fetched while the browser is idle, reported and not budgeted.
//
// Each record goes to test-results/loaded-js/<port>-<route>.json; `node scripts/check-route-budgets.mjs
// --loaded test-results/loaded-js` sizes the scripts from the build's files and checks them against
// the static check's budgets (scripts/test.sh runs it after the end-to-end groups). scripts/bench/
// js-loaded.ts uses the same collection for `npm run bench`.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page, Request } from "@playwright/test";

/** What one full load of a route fetched, as URL paths (`/_next/static/chunks/x.js`). */
export type LoadedJsRecord = {
  /** The route's pattern, as the budgets name it (`/cash-in/[id]`). */
  route: string;
  /** The address loaded. */
  path: string;
  /** Every script the document loaded for itself (runtime included), in load order. */
  scripts: string[];
  /** Scripts fetched by `<link rel=prefetch>`: another route's, not budgeted. */
  prefetchScripts: string[];
  /** Next's RSC requests after the load (its <Link> prefetches; a live page's refresh too): payloads, not JS. */
  rscRequests: number;
  /** Their bytes as transferred (encoded body). */
  rscEncodedBytes: number;
};

/** How long without a request in flight the page counts as idle (as Playwright's "networkidle"). */
const idleMs = 500;

type PageResources = {
  entries: Array<{ pathname: string; search: string; initiatorType: string; encodedBodySize: number }>;
  prefetchLinks: string[];
};

/**
 * Watches `page`'s requests from now on, so loadedJs can tell when the network is idle: call it
 * before the page's first goto. By default only scripts count: the budgets are about JS, and a
 * signed-in page's sidebar links prefetch 36+ RSC payloads (no script) whenever it is shown, which
 * kept the walk waiting 1-2.5 s a page (30 s a walk) for nothing the check budgets; its prefetch
 * figures are then what had arrived by then. `{ prefetches: true }` (the benchmark) waits for every
 * request, so they are complete. An event stream never completes, so it never counts as busy.
 */
export function watchNetwork(page: Page, { prefetches = false }: { prefetches?: boolean } = {}) {
  const inflight = new Set<Request>();
  let lastActivity = Date.now();
  page.on("request", (request) => {
    const type = request.resourceType();
    if (prefetches ? type === "eventsource" || type === "websocket" : type !== "script") return;
    inflight.add(request);
    lastActivity = Date.now();
  });
  const settled = (request: Request) => {
    if (inflight.delete(request)) lastActivity = Date.now();
  };
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
  return {
    /** Waits until the page's main thread has been idle and no (script) request has been in flight for half a second. */
    async idle(route: string) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        // After the load event and an idle callback: hydration done, and with it what the page
        // imports or prefetches on its own has been asked for (a busy CPU delays it past any fixed
        // wait). At most 1 s: some pages' main thread did not go idle for 5 s in the walk, long
        // after hydrating (its checks had kept the page open for seconds already).
        await page.waitForLoadState("load");
        await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 1_000 })));
        const quietMs = Date.now() - lastActivity;
        if (inflight.size === 0 && quietMs >= idleMs) return;
        if (Date.now() > deadline)
          throw new Error(`${route}: the network was not idle for ${idleMs} ms within 20 s (${inflight.size} in flight)`);
        // Waiting for a state (idle), not a fixed time: the loop ends as soon as it holds.
        await page.waitForTimeout(inflight.size > 0 ? 100 : idleMs - quietMs);
      }
    },
  };
}
export type NetworkWatch = ReturnType<typeof watchNetwork>;

// Unnamed arrows in page.evaluate: tsx-compiled named functions reference a helper the page lacks.
const readResources = (page: Page) =>
  page.evaluate((): PageResources => {
    const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    return {
      entries: entries.map((entry) => {
        const url = new URL(entry.name);
        return { pathname: url.pathname, search: url.search, initiatorType: entry.initiatorType, encodedBodySize: entry.encodedBodySize };
      }),
      prefetchLinks: [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => new URL(link.href).pathname),
    };
  });

/**
 * The scripts the page in `page` loaded since its last full load (page.goto), once the network is
 * idle (`network` from watchNetwork, set up before the goto). The page's Resource Timing entries
 * list cached scripts too (with no bytes transferred), so a walk's later pages are counted whole.
 */
export async function loadedJs(page: Page, network: NetworkWatch, route: string): Promise<LoadedJsRecord> {
  await network.idle(route);
  const resources = await readResources(page);
  const prefetched = new Set(resources.prefetchLinks);
  const scripts = resources.entries.filter((entry) => entry.pathname.startsWith("/_next/static/") && entry.pathname.endsWith(".js"));
  const rsc = resources.entries.filter((entry) => entry.initiatorType === "fetch" && new URLSearchParams(entry.search).has("_rsc"));
  return {
    route,
    path: new URL(page.url()).pathname,
    scripts: [...new Set(scripts.filter((entry) => !prefetched.has(entry.pathname)).map((entry) => entry.pathname))],
    prefetchScripts: [...new Set(scripts.filter((entry) => prefetched.has(entry.pathname)).map((entry) => entry.pathname))],
    rscRequests: rsc.length,
    rscEncodedBytes: rsc.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
  };
}

export const loadedJsDir = path.join("test-results", "loaded-js");

/** Records what `page` loaded for `route` (see loadedJs) into test-results/loaded-js/, for the budget check. */
export async function recordLoadedJs(page: Page, network: NetworkWatch, route: string): Promise<LoadedJsRecord> {
  const record = await loadedJs(page, network, route);
  mkdirSync(loadedJsDir, { recursive: true });
  const name = `${process.env.E2E_PORT ?? 3100}-${route.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "root"}.json`;
  writeFileSync(path.join(loadedJsDir, name), `${JSON.stringify(record, null, 2)}\n`);
  return record;
}
