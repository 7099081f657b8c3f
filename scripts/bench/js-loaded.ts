// JS loaded per route (issue #32): what Chromium loads for each page of the dashboard's production
// build, from a full load until the network is idle (e2e/support/loaded-js.ts, the collection the
// end-to-end walks record for CI's budget check), against the hello-world page loaded the same way
// in the same run. Sized like the static check: each loaded script's file gzipped at level 9
// (scripts/support/route-js.mjs), so the figures compare with the budgets; what the page's links
// prefetched is printed beside each figure, not added to it.
//
// Every page route of the build without a dynamic segment, plus a charge's pages (/cash-in/[id],
// /transactions/[id], paid, as the walk sees them) and its payer page (pending); /sign-in signed out. A route
// that redirects (the first-run setup once an admin exists, say) is left out and said.
//
//   npx next build && (cd bench/hello-world && npx next build)   # once: both production builds
//   npm run bench:js-loaded -- [--port 3340] [--all]   (--all prints every route, not only the rows)
//
// `run(options)` returns the rows for `npm run bench` and docs/benchmarks.md: the payer page, sign-in
// and the three heaviest operator routes, each against the hello page as loaded.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { createAuth } from "@/lib/auth/auth";
import { saveSecurityPolicy } from "@/lib/auth/security-settings";
import { type LoadedJsRecord, loadedJs, type NetworkWatch, watchNetwork } from "../../e2e/support/loaded-js";
import { findAction } from "../../e2e/support/server-actions";
import { budgetFor } from "../check-route-budgets.mjs";
import {
  benchChargeInput,
  hasFlag,
  isMainModule,
  numberOption,
  type Server,
  startDashboardServer,
  startNextServer,
} from "../support/bench";
import type { BenchRow } from "../support/bench-report";
import { createGzipSizer, loadedScriptsGzip, measureRouteJs } from "../support/route-js.mjs";
import { freshDatabase } from "./support";

const root = path.resolve(import.meta.dirname, "../..");
const helloDir = path.join(root, "bench/hello-world");
const password = "a long enough benchmark password";
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export type JsLoadedOptions = {
  /** The dashboard's port; the hello-world app takes the next one. */
  port?: number;
  /** Log every route measured, not only the rows. */
  all?: boolean;
  log?: (line: string) => void;
};

type Measured = { route: string; gzipBytes: number; record: LoadedJsRecord };

const cookieHeader = (setCookies: string[]) => setCookies.map((line) => line.split(";")[0]!).join("; ");

const networks = new WeakMap<Page, NetworkWatch>();

/** Loads `pathname` in `page` and returns what it loaded, or undefined when it redirected elsewhere. */
async function measureRoute(page: Page, route: string, pathname: string): Promise<LoadedJsRecord | undefined> {
  // Every request, prefetches included, until idle: the row prints them complete.
  const network = networks.get(page) ?? watchNetwork(page, { prefetches: true });
  networks.set(page, network);
  await page.goto(pathname);
  if (new URL(page.url()).pathname !== pathname) return undefined;
  return loadedJs(page, network, route);
}

export async function run(options: JsLoadedOptions = {}): Promise<BenchRow[]> {
  const log = options.log ?? console.log;
  const port = options.port ?? 3340;
  const distDir = path.join(root, process.env.NEXT_DIST_DIR || ".next");
  const helloDistDir = path.join(helloDir, ".next");
  for (const dir of [distDir, helloDistDir])
    if (!existsSync(path.join(dir, "BUILD_ID")))
      throw new Error(`js-loaded serves the production builds: no build in ${dir} (run \`npx next build\` there)`);
  const origin = `http://127.0.0.1:${port}`;
  const secretsDir = mkdtempSync(path.join(os.tmpdir(), "bench-js-loaded-"));
  const database = await freshDatabase("pglite", "js_loaded");
  const secrets = { appUrl: origin, authSecret: randomBytes(32).toString("hex"), callbackSecret: randomBytes(32).toString("hex") };
  const walletToken = `sbx_${randomBytes(16).toString("hex")}`;
  let server: Server | undefined;
  let hello: Server | undefined;
  let browser: Browser | undefined;
  try {
    // An admin without a second factor (the benchmark measures pages, not sign-in) sees every page.
    let cookie = "";
    const connection = await database.connect();
    try {
      await connection.migrate(path.join(root, "lib/db/migrations"), "__drizzle_migrations");
      const auth = createAuth(connection.db, secrets);
      await auth.api.createUser({ body: { name: "Bench admin", email: "admin@bench.example", password, role: "admin" } });
      await saveSecurityPolicy(
        connection.db,
        { twoFactorRequiredRoles: [], idleTimeoutMinutes: 600, absoluteLifetimeMinutes: 720 },
        "bench",
      );
      const { headers } = await auth.api.signInEmail({ body: { email: "admin@bench.example", password }, returnHeaders: true });
      cookie = cookieHeader(headers.getSetCookie());
    } finally {
      await connection.close();
    }
    server = await startDashboardServer({ cwd: root, port, databaseEnv: database.env, origin, secrets, walletToken, secretsDir });
    hello = await startNextServer({ cwd: helloDir, port: port + 1, readyPath: "/", env: { NEXT_DIST_DIR: "" } });

    // A charge: its payer page measured pending, its operator pages once paid.
    const callAction = async (name: string, args: unknown) => {
      const action = findAction(name);
      const response = await fetch(`${origin}${action.path}`, {
        method: "POST",
        headers: { "next-action": action.id, "content-type": "text/plain;charset=UTF-8", origin, accept: "text/x-component", cookie },
        body: JSON.stringify([args]),
      });
      return response.text();
    };
    const created = await callAction("createCashInAction", benchChargeInput());
    const transactionId = /"transactionId":"([0-9a-f-]{36})"/.exec(created)?.[1];
    if (!transactionId) throw new Error(`the cash-in action did not create a charge: ${created.slice(0, 300)}`);

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
    });
    const gzipSize = createGzipSizer();
    const measured: Measured[] = [];
    const note = (record: LoadedJsRecord | undefined, route: string, dir = distDir) => {
      if (!record) return log(`  ${route}: redirected, not measured`);
      const entry = { route, gzipBytes: loadedScriptsGzip(dir, record.scripts, gzipSize), record };
      if (options.all)
        log(
          `  ${route}: ${kib(entry.gzipBytes)} loaded (${record.scripts.length} scripts); prefetched ${record.rscRequests} RSC (${kib(record.rscEncodedBytes)})`,
        );
      return entry;
    };

    const helloContext = await browser.newContext({ baseURL: hello.origin });
    const helloRecord = note(await measureRoute(await helloContext.newPage(), "/", "/"), "hello-world /", helloDistDir);
    await helloContext.close();
    if (!helloRecord) throw new Error("the hello-world page redirected");

    // Signed out: the sign-in page and the payer page (public), each in a fresh context.
    const signedOut = await browser.newContext({ baseURL: origin, locale: "en-US" });
    const signedOutPage = await signedOut.newPage();
    const signIn = note(await measureRoute(signedOutPage, "/sign-in", "/sign-in"), "/sign-in");
    if (signIn) measured.push(signIn);

    const context = await browser.newContext({ baseURL: origin, locale: "en-US" });
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [name, ...value] = pair.split("=");
        return { name: name!, value: value.join("="), url: origin };
      }),
    );
    const page = await context.newPage();
    await page.goto(`/cash-in/${transactionId}`);
    const payerPath = await page.getByRole("link", { name: "Open payer display" }).getAttribute("href");
    if (!payerPath) throw new Error("the charge's page has no payer link");
    const payer = note(await measureRoute(signedOutPage, "/pay/[token]", payerPath), "/pay/[token]");
    if (payer) measured.push(payer);
    await signedOut.close();
    // Paid once the payer page is measured pending (QR code, countdown, live status), so the charge's
    // own pages show a paid charge's timeline and callback, as the walk's do.
    const paid = await callAction("simulatePaymentAction", { transactionId });
    if (!paid.includes('"ok":true')) throw new Error(`the simulated payment failed: ${paid.slice(0, 300)}`);

    const stats = JSON.parse(readFileSync(path.join(distDir, "diagnostics/route-bundle-stats.json"), "utf8")) as Array<{ route: string }>;
    const operatorRoutes: Array<[string, string]> = [
      ...stats
        .map((entry) => entry.route)
        .filter((route) => !route.includes("[") && !["/sign-in", "/_not-found", "/display"].includes(route))
        .map((route): [string, string] => [route, route]),
      ["/cash-in/[id]", `/cash-in/${transactionId}`],
      ["/transactions/[id]", `/transactions/${transactionId}`],
    ];
    for (const [route, pathname] of operatorRoutes) {
      const entry = note(await measureRoute(page, route, pathname), route);
      if (entry) measured.push(entry);
    }

    const runtimeGzipBytes = measureRouteJs(distDir).runtime.gzipBytes;
    const baseline = `hello page ${kib(helloRecord.gzipBytes)} (as loaded)`;
    const row = (label: string, entry: Measured): BenchRow => {
      const budget = budgetFor(entry.route);
      const budgetBytes = Math.floor(runtimeGzipBytes * budget.ratio);
      const { rscRequests, rscEncodedBytes, prefetchScripts } = entry.record;
      return {
        measure: `JS loaded: ${label}`,
        figure: `${kib(entry.gzipBytes)}; prefetched ${rscRequests} RSC (${kib(rscEncodedBytes)})${prefetchScripts.length ? ` and ${prefetchScripts.length} scripts` : ""}`,
        baseline,
        ratio: `+${kib(entry.gzipBytes - helloRecord.gzipBytes)}; budget ${kib(budgetBytes)} (${budget.ratio} × runtime ${kib(runtimeGzipBytes)}): ${entry.gzipBytes <= budgetBytes ? "within" : "OVER"}`,
      };
    };
    const rows: BenchRow[] = [];
    if (payer) rows.push(row("payer page", payer));
    if (signIn) rows.push(row("sign-in", signIn));
    const heaviest = measured
      .filter((entry) => entry.route !== "/sign-in" && entry.route !== "/pay/[token]")
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .slice(0, 3);
    for (const entry of heaviest) rows.push(row(`${entry.route} (${heaviest.indexOf(entry) + 1}. heaviest operator route)`, entry));
    return rows;
  } finally {
    await browser?.close();
    await hello?.stop();
    await server?.stop();
    await database.cleanup();
    rmSync(secretsDir, { recursive: true, force: true });
  }
}

if (isMainModule(import.meta.url)) {
  const rows = await run({ port: numberOption("port", 3340), all: hasFlag("all") });
  for (const row of rows) console.log(`${row.measure}\n  ${row.figure}\n  baseline: ${row.baseline}\n  ${row.ratio}`);
}
