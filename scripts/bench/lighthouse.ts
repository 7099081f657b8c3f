// First paint of the pages strangers and phones wait on (issue #54): Lighthouse's mobile preset
// (simulated slow 4G and a mid-range phone, Lighthouse's defaults) against Debian's Chromium, on the
// dashboard's production build, beside the hello-world page (bench/hello-world) served by `next
// start` in the same run. Pages: the payer page (a pending charge), sign-in (signed out), the counter
// display (paired, showing a pending charge) and a payment link's public page. Each page is measured
// `runs` times, the pages in turns (hello, payer, sign-in, …, then again) so the machine's load drifts
// over all of them alike; each figure is the median of its runs. LCP is also given as ×(hello's LCP).
// The element Lighthouse took as the largest paint, and where its time went, are logged per page.
// And the payment link page's first byte beside the payer page's (issue #48: goal ≤ ×1.2), both
// requested in turns before Lighthouse starts, so they see the same moments of the machine's load.
//
//   npx next build && (cd bench/hello-world && npx next build)   # once: both production builds
//   npm run bench:lighthouse -- [--port 3350] [--runs 3] [--ttfb-pairs 40]
//   npm run bench -- --only lighthouse                           # the same rows into docs/benchmarks.md
//   LIGHTHOUSE_SAVE_DIR=/tmp/lh npm run bench:lighthouse          # and each run's whole report, as JSON
//   LIGHTHOUSE_SAVE_TRACE=1 LIGHTHOUSE_SAVE_DIR=/tmp/lh npm run bench:lighthouse   # and its trace too
//
// `run(options)` returns the rows for `npm run bench` and docs/benchmarks.md.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { createAuth } from "@/lib/auth/auth";
import { saveSecurityPolicy } from "@/lib/auth/security-settings";
import { createCounter } from "@/lib/db/queries/counters";
import { insertPaymentLink } from "@/lib/db/queries/payment-links";
import { issuePairingCode } from "@/lib/displays/pairing";
import { findAction } from "../../e2e/support/server-actions";
import {
  benchChargeInput,
  hasFlag,
  isMainModule,
  numberOption,
  percentile,
  type Server,
  startDashboardServer,
  startNextServer,
  timeToFirstByte,
} from "../support/bench";
import type { BenchRow } from "../support/bench-report";
import { freshDatabase } from "./support";

const root = path.resolve(import.meta.dirname, "../..");
const helloDir = path.join(root, "bench/hello-world");
const password = "a long enough benchmark password";

export type LighthouseOptions = {
  /** The dashboard's port; the hello-world app takes the next one. */
  port?: number;
  /** Lighthouse runs per page (medians). */
  runs?: number;
  /** First-byte pairs (payer page, link page) measured, after as many again of warm-up. */
  ttfbPairs?: number;
  log?: (line: string) => void;
};

/** One Lighthouse run's figures. */
type Figures = {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
  lcpElement: string;
  lcpPhases: string;
};

type Target = { label: string; url: string; cookie?: string };

const cookieHeader = (setCookies: string[]) => setCookies.map((line) => line.split(";")[0]!).join("; ");

/** Debian's Chromium, headless, with a debugging port Lighthouse connects to. */
async function startChromium(): Promise<{ port: number; child: ChildProcess; stop: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-chromium-"));
  const child = spawn(
    process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-extensions",
      "--disable-background-networking",
      // A free port of the system's choosing, written to DevToolsActivePort in the profile.
      "--remote-debugging-port=0",
      "--remote-debugging-address=127.0.0.1",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "ignore"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
    // Chromium may still be writing into its profile as it exits (ENOTEMPTY): retried.
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  for (let attempt = 0; attempt < 60; attempt++) {
    if (child.exitCode !== null) throw new Error(`Chromium exited with ${child.exitCode}`);
    try {
      const port = Number(readFileSync(path.join(profile, "DevToolsActivePort"), "utf8").split("\n")[0]);
      if (port > 0 && (await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error("Chromium's debugging port did not open within 15 s");
}

type AuditDetails = { items?: Array<Record<string, unknown>> };

/** One Lighthouse run (mobile preset: Lighthouse's default config) of `target` in the browser at `port`. */
async function measure(target: Target, port: number): Promise<Figures> {
  const result = await lighthouse(target.url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    // Lighthouse's default is "simulate" (Lantern's estimate from an unthrottled load); "devtools"
    // applies the same slow-4G and CPU profile to the load itself (LIGHTHOUSE_THROTTLING=devtools).
    ...(process.env.LIGHTHOUSE_THROTTLING === "devtools" ? { throttlingMethod: "devtools" as const } : {}),
    ...(target.cookie ? { extraHeaders: { Cookie: target.cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${target.url}`);
  const { lhr } = result;
  // The whole report of each run, to look into (LIGHTHOUSE_SAVE_DIR=/some/folder): trace-based
  // timings, every request, the LCP element's phases.
  const saveDir = process.env.LIGHTHOUSE_SAVE_DIR;
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true });
    const name = `${target.label.replaceAll(" ", "-")}-${new Date().toISOString().replaceAll(":", "")}.json`;
    writeFileSync(path.join(saveDir, name), JSON.stringify(lhr));
    // And its trace (LIGHTHOUSE_SAVE_TRACE=1, about 3 MB a run): every main-thread task, to see
    // what ran between a request's end and the paint.
    if (process.env.LIGHTHOUSE_SAVE_TRACE) writeFileSync(path.join(saveDir, `trace-${name}`), JSON.stringify(result.artifacts.Trace));
  }
  if (lhr.runtimeError) throw new LighthouseRunError(`Lighthouse on ${target.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const finalUrl = lhr.finalDisplayedUrl;
  if (new URL(finalUrl).pathname !== new URL(target.url).pathname) throw new Error(`${target.url} ended at ${finalUrl}`);
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== "number")
      throw new Error(`Lighthouse on ${target.url}: no ${id} (${lhr.audits[id]?.errorMessage ?? "not measured"})`);
    return value;
  };
  const summary = (lhr.audits["resource-summary"]?.details as AuditDetails | undefined)?.items ?? [];
  const script = summary.find((item) => item.resourceType === "script");
  // The LCP element's audit: a table with the element, then one with its phases (TTFB, load delay, …).
  const lcpTables = ((lhr.audits["largest-contentful-paint-element"]?.details as AuditDetails | undefined)?.items ?? []) as Array<{
    items?: Array<Record<string, unknown>>;
  }>;
  const node = lcpTables[0]?.items?.[0]?.node as { nodeLabel?: string; selector?: string } | undefined;
  const phases = (lcpTables[1]?.items ?? []).map((phase) => `${phase.phase} ${Math.round(Number(phase.timing))} ms`).join(", ");
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: numeric("first-contentful-paint"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    jsBytes: Number(script?.transferSize ?? 0),
    lcpElement: node ? `${node.selector ?? ""} "${String(node.nodeLabel ?? "").slice(0, 50)}"` : "(none)",
    lcpPhases: phases,
  };
}

const median = (values: number[]) => percentile(values, 50);

/**
 * A run again when Lighthouse itself failed to record it (NO_NAVSTART, NO_FCP and the like: its
 * trace on a busy machine), at most twice; a page that fails three times in a row stops the row.
 */
async function measureWithRetry(target: Target, port: number, log: (line: string) => void): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(target, port);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof LighthouseRunError)) throw error;
      log(`  ${target.label}: ${error.message}; measured again`);
    }
  }
}

/** Lighthouse's own failure to record a run (lhr.runtimeError), as opposed to the page failing. */
class LighthouseRunError extends Error {}

/**
 * The page's first byte beside the baseline page's, requested in turns (baseline, page, baseline, …)
 * after as many pairs of warm-up: the medians, and the median of each page request's ratio over
 * the baseline request just before it. Both are the dashboard's own dynamic pages, so this is what
 * the page's own work costs, not the network or the framework.
 */
async function firstByteBeside(pageUrl: string, baselineUrl: string, pairs: number) {
  for (let warmUp = 0; warmUp < pairs; warmUp++) {
    await timeToFirstByte(baselineUrl);
    await timeToFirstByte(pageUrl);
  }
  const page: number[] = [];
  const baseline: number[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    baseline.push(await timeToFirstByte(baselineUrl));
    page.push(await timeToFirstByte(pageUrl));
  }
  return { page: median(page), baseline: median(baseline), ratio: median(page.map((time, index) => time / baseline[index]!)) };
}

export async function run(options: LighthouseOptions = {}): Promise<BenchRow[]> {
  const log = options.log ?? console.log;
  const port = options.port ?? 3350;
  const runs = options.runs ?? 3;
  const ttfbPairs = options.ttfbPairs ?? 40;
  const distDir = path.join(root, process.env.NEXT_DIST_DIR || ".next");
  for (const dir of [distDir, path.join(helloDir, ".next")])
    if (!existsSync(path.join(dir, "BUILD_ID")))
      throw new Error(`lighthouse serves the production builds: no build in ${dir} (run \`npx next build\` there)`);
  const origin = `http://127.0.0.1:${port}`;
  const secretsDir = mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-"));
  const database = await freshDatabase("pglite", "lighthouse");
  const secrets = { appUrl: origin, authSecret: randomBytes(32).toString("hex"), callbackSecret: randomBytes(32).toString("hex") };
  const walletToken = `sbx_${randomBytes(16).toString("hex")}`;
  let server: Server | undefined;
  let hello: Server | undefined;
  let chromium: Awaited<ReturnType<typeof startChromium>> | undefined;
  try {
    // An admin without a second factor, a counter with a pairing code, and a fixed-amount payment link.
    let cookie = "";
    let pairingCode = "";
    let counterId = "";
    const slug = "bench2li";
    const connection = await database.connect();
    try {
      await connection.migrate(path.join(root, "lib/db/migrations"), "__drizzle_migrations");
      const auth = createAuth(connection.db, secrets);
      const { user } = await auth.api.createUser({ body: { name: "Bench admin", email: "admin@bench.example", password, role: "admin" } });
      await saveSecurityPolicy(
        connection.db,
        { twoFactorRequiredRoles: [], idleTimeoutMinutes: 600, absoluteLifetimeMinutes: 720 },
        "bench",
      );
      const { headers } = await auth.api.signInEmail({ body: { email: "admin@bench.example", password }, returnHeaders: true });
      cookie = cookieHeader(headers.getSetCookie());
      const counter = await createCounter(connection.db, {
        name: "Caixa 1",
        defaultPayerName: "Consumidor Final",
        defaultPayerEmail: "caixa1@bench.example",
        defaultPayerDocument: "11.222.333/0001-81",
      });
      if (!counter) throw new Error("the counter was not created");
      counterId = counter.id;
      pairingCode = (await issuePairingCode(connection.db, counterId, { id: user.id, email: user.email })).code;
      const link = await insertPaymentLink(connection.db, {
        slug,
        name: "Camiseta",
        description: "Camiseta do evento, tamanho único",
        amountCents: 5_990,
        minAmountCents: null,
        maxAmountCents: null,
        maxPaidCharges: null,
        endsAt: null,
        chargeExpiryMinutes: 30,
        returnUrl: null,
        inactiveMessage: null,
        createdByUserId: user.id,
        createdByEmail: user.email,
      });
      if (!link) throw new Error("the payment link was not created");
    } finally {
      await connection.close();
    }
    server = await startDashboardServer({ cwd: root, port, databaseEnv: database.env, origin, secrets, walletToken, secretsDir });
    hello = await startNextServer({ cwd: helloDir, port: port + 1, readyPath: "/", env: { NEXT_DIST_DIR: "" } });

    const callAction = async (name: string, args: unknown) => {
      const action = findAction(name);
      const response = await fetch(`${origin}${action.path}`, {
        method: "POST",
        headers: { "next-action": action.id, "content-type": "text/plain;charset=UTF-8", origin, accept: "text/x-component", cookie },
        body: JSON.stringify([args]),
      });
      return response.text();
    };
    // A pending charge for the payer page, and one shown on the counter's display.
    const created = await callAction("createCashInAction", benchChargeInput());
    const transactionId = /"transactionId":"([0-9a-f-]{36})"/.exec(created)?.[1];
    if (!transactionId) throw new Error(`the cash-in action did not create a charge: ${created.slice(0, 300)}`);
    const chargePage = await (await fetch(`${origin}/cash-in/${transactionId}`, { headers: { cookie } })).text();
    const payerPath = /href="(\/pay\/[A-Za-z0-9_-]+)"/.exec(chargePage)?.[1];
    if (!payerPath) throw new Error("the charge's page has no payer link");
    const shown = await callAction("createCashInAction", { ...benchChargeInput(), showOnCounterId: counterId });
    if (!/"transactionId":"/.test(shown)) throw new Error(`the counter's charge was not created: ${shown.slice(0, 300)}`);
    const paired = await fetch(`${origin}/api/display/pair`, {
      method: "POST",
      headers: { origin, "content-type": "application/json" },
      body: JSON.stringify({ code: pairingCode }),
    });
    if (!paired.ok) throw new Error(`pairing the display failed: ${paired.status} ${await paired.text()}`);
    const displayCookie = cookieHeader(paired.headers.getSetCookie());

    const targets: Target[] = [
      { label: "hello page", url: `${hello.origin}/` },
      { label: "payer page", url: `${origin}${payerPath}` },
      { label: "sign-in", url: `${origin}/sign-in` },
      { label: "counter display", url: `${origin}/display`, cookie: displayCookie },
      { label: "payment link page", url: `${origin}/l/${slug}` },
    ];
    // Before Chromium starts, so nothing else competes with the two pages for the cores. Each load of
    // either page counts against the address's payer budget (600 a minute): 4 × 40 stays under it.
    const firstByte = await firstByteBeside(`${origin}/l/${slug}`, `${origin}${payerPath}`, ttfbPairs);
    log(
      `  first byte: payment link page ${firstByte.page.toFixed(1)} ms, payer page ${firstByte.baseline.toFixed(1)} ms (median of ${ttfbPairs} pairs in turns), ×${firstByte.ratio.toFixed(2)}`,
    );
    chromium = await startChromium();
    const debuggingPort = chromium.port;
    const measured = new Map<string, Figures[]>(targets.map((target) => [target.label, []]));
    for (let round = 1; round <= runs; round++)
      for (const target of targets) {
        const figures = await measureWithRetry(target, debuggingPort, log);
        measured.get(target.label)!.push(figures);
        log(
          `  ${target.label} (run ${round}/${runs}): score ${figures.score}, FCP ${figures.fcp.toFixed(0)} ms, LCP ${figures.lcp.toFixed(0)} ms, TBT ${figures.tbt.toFixed(0)} ms, CLS ${figures.cls.toFixed(3)}, JS ${(figures.jsBytes / 1024).toFixed(1)} KiB; LCP element ${figures.lcpElement}${figures.lcpPhases ? ` (${figures.lcpPhases})` : ""}`,
        );
      }

    const medians = (label: string) => {
      const all = measured.get(label)!;
      const of = (pick: (figures: Figures) => number) => median(all.map(pick));
      return {
        score: of((f) => f.score),
        fcp: of((f) => f.fcp),
        lcp: of((f) => f.lcp),
        tbt: of((f) => f.tbt),
        cls: of((f) => f.cls),
        jsKiB: of((f) => f.jsBytes) / 1024,
      };
    };
    const helloFigures = medians("hello page");
    const describe = (m: ReturnType<typeof medians>) =>
      `score ${m.score}, FCP ${m.fcp.toFixed(0)} ms, LCP ${m.lcp.toFixed(0)} ms, TBT ${m.tbt.toFixed(0)} ms, CLS ${m.cls.toFixed(3)}, JS ${m.jsKiB.toFixed(1)} KiB`;
    const firstByteRow: BenchRow = {
      measure: `First byte: payment link page (median of ${ttfbPairs}, in turns with the payer page)`,
      figure: `${firstByte.page.toFixed(1)} ms`,
      baseline: `payer page ${firstByte.baseline.toFixed(1)} ms (pending charge, same server, same run)`,
      ratio: `×${firstByte.ratio.toFixed(2)}, median of each request over the payer page's just before it (goal ≤ ×1.2: ${firstByte.ratio <= 1.2 ? "meets" : "misses"})`,
    };
    const lighthouseRows = targets.slice(1).map(({ label }): BenchRow => {
      const page = medians(label);
      const lcpRatio = page.lcp / helloFigures.lcp;
      const meets = lcpRatio <= 1.5 && page.tbt <= helloFigures.tbt + 50 && page.score >= 98 && page.cls === 0 ? "meets" : "misses";
      return {
        measure: `Lighthouse mobile: ${label} (median of ${runs})`,
        figure: describe(page),
        baseline: `hello page ${describe(helloFigures)}`,
        ratio: `LCP ×${lcpRatio.toFixed(2)}, TBT ${page.tbt - helloFigures.tbt >= 0 ? "+" : ""}${(page.tbt - helloFigures.tbt).toFixed(0)} ms (goal LCP ≤ ×1.5, TBT ≤ +50 ms, score ≥ 98, CLS 0: ${meets})`,
      };
    });
    return [...lighthouseRows, firstByteRow];
  } finally {
    await chromium?.stop();
    await hello?.stop();
    await server?.stop();
    await database.cleanup();
    rmSync(secretsDir, { recursive: true, force: true });
  }
}

if (isMainModule(import.meta.url)) {
  const rows = await run({ port: numberOption("port", 3350), runs: numberOption("runs", 3), ttfbPairs: numberOption("ttfb-pairs", 40) });
  for (const row of rows) console.log(`${row.measure}\n  ${row.figure}\n  baseline: ${row.baseline}\n  ${row.ratio}`);
  if (hasFlag("help")) console.log("npm run bench:lighthouse -- [--port 3350] [--runs 3] [--ttfb-pairs 40]");
}
