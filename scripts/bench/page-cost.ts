// What each busy operator page costs the server apart from time (issue #52): the SQL statements one
// warm, signed-in request runs (how many, which, and their total wall time) and the bytes it writes
// (the HTML, and the RSC payload a client-side navigation fetches; raw and gzip), against
// /access-denied, the dashboard layout with one heading: what every page pays for the shell. None
// of these figures moves with the machine's load, so they compare across runs (timings do not:
// the pages row of `npm run bench` times the same pages in turns with the hello page).
//
// Statements are counted as the server's traces show them: the server runs with tracing on
// (OTEL_EXPORTER_OTLP_ENDPOINT, lib/observability/tracing.ts) towards a receiver here; each measured
// request carries a `traceparent` of its own, Next continues that trace, and every statement the
// request sends is a span of it (lib/db/statement-spans.ts). The timings of a traced server are not
// the figures; only the counts are.
//
//   npx next build   # once: the production build
//   npm run bench:page-cost -- [--port 3350] [--kind pglite|postgres] [--app-dir <another build's folder>] [--dump <folder>]
//   (PostgreSQL at BENCH_DATABASE_URL, whose user may create databases)
import { randomBytes } from "node:crypto";
import http from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { desc } from "drizzle-orm";
import { transactions } from "@/lib/db/schema";
import { seedLedger } from "../benchmark-ledger";
import { hasFlag, isMainModule, numberOption, percentile, startDashboardServer, textOption } from "../support/bench";
import type { BenchRow } from "../support/bench-report";
import { type DatabaseKind, freshDatabase, seedSignedInOperators } from "./support";

/** The pages measured (`<transaction>`: the newest one), and the baseline every row is read against. */
export const costedPages = ["/", "/transactions", "/transactions/<transaction>", "/approvals", "/callback-logs", "/audit-log"];
const shellPage = "/access-denied";

export type PageCost = {
  page: string;
  statements: number;
  statementNames: string[];
  statementMs: number;
  html: { raw: number; gzip: number };
  rsc: { raw: number; gzip: number };
};

type ExportedSpan = {
  traceId: string;
  name: string;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: { key: string; value: Record<string, unknown> }[];
};

/** An OTLP/HTTP (JSON) receiver keeping the database statements' spans by trace id. */
async function statementCollector() {
  const byTrace = new Map<string, ExportedSpan[]>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.url === "/v1/traces") {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[] };
        for (const resource of body.resourceSpans)
          for (const scope of resource.scopeSpans)
            for (const span of scope.spans)
              if (span.attributes.some((attribute) => attribute.key === "db.system.name"))
                byTrace.set(span.traceId, [...(byTrace.get(span.traceId) ?? []), span]);
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    statementsOf: (traceId: string) =>
      (byTrace.get(traceId) ?? []).sort((a, b) => (BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1)),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const spanMs = (span: ExportedSpan) => Number(BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano)) / 1e6;

/** Seeds a database, serves the build on it with tracing on, and measures each page (and the shell). */
export async function measurePageCosts(options: {
  kind: DatabaseKind;
  postgresUrl?: string;
  port: number;
  appDir: string;
  /** Warm requests before the measured ones (V8 compiles, the session's activity is recorded). */
  warmups?: number;
  log?: (line: string) => void;
  /** A folder to write each page's HTML and RSC payload into, for reading what they are made of. */
  dumpDir?: string;
}): Promise<{ shell: PageCost; pages: PageCost[] }> {
  const log = options.log ?? (() => {});
  const database = await freshDatabase(options.kind, "pagecost", options.postgresUrl);
  const origin = `http://127.0.0.1:${options.port}`;
  const secrets = { appUrl: origin, authSecret: randomBytes(32).toString("hex"), callbackSecret: randomBytes(32).toString("hex") };
  const secretsDir = mkdtempSync(path.join(os.tmpdir(), "bench-page-cost-"));
  const collector = await statementCollector();
  let stop: (() => Promise<void>) | undefined;
  try {
    const seeding = await database.connect();
    let cookie: string;
    let newest: string;
    try {
      await seeding.migrate(path.resolve(import.meta.dirname, "../../lib/db/migrations"), "__drizzle_migrations");
      ({ admin: cookie } = await seedSignedInOperators(seeding.db, secrets, {
        admin: { name: "Bench admin", email: "admin@bench.example", role: "admin" },
      }));
      await seedLedger(seeding.db, 10_000);
      const [row] = await seeding.db.select({ id: transactions.id }).from(transactions).orderBy(desc(transactions.createdAt)).limit(1);
      newest = row!.id;
    } finally {
      await seeding.close();
    }
    const server = await startDashboardServer({
      cwd: options.appDir,
      port: options.port,
      databaseEnv: database.env,
      origin,
      secrets,
      walletToken: randomBytes(24).toString("hex"),
      secretsDir,
      extraEnv: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url },
    });
    stop = server.stop;
    const get = async (page: string, headers: Record<string, string> = {}) => {
      // An RSC request is sent on to the same page with Next's cache-busting `_rsc` parameter.
      const response = await fetch(`${origin}${page}`, { headers: { cookie, ...headers } });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200 || new URL(response.url).pathname !== page.split("?")[0])
        throw new Error(`${page} answered ${response.status} at ${response.url}`);
      return body;
    };
    const measure = async (template: string): Promise<PageCost> => {
      const page = template.replace("<transaction>", newest);
      for (let warmup = 0; warmup < (options.warmups ?? 20); warmup++) await get(page);
      // Three traced requests; each carries a trace id of its own.
      const traceIds = [0, 1, 2].map(() => randomBytes(16).toString("hex"));
      let html = Buffer.alloc(0);
      for (const traceId of traceIds) html = await get(page, { traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01` });
      const rsc = await get(page, { rsc: "1" });
      if (options.dumpDir) {
        const name = template.replace(/[^a-z0-9]+/gi, "_") || "_";
        writeFileSync(path.join(options.dumpDir, `${name}.html`), html);
        writeFileSync(path.join(options.dumpDir, `${name}.rsc`), rsc);
      }
      // The server exports its spans every second (tracing.ts): wait until each trace has its statements.
      let traces = traceIds.map((id) => collector.statementsOf(id));
      for (let wait = 0; wait < 20 && traces.some((spans) => spans.length === 0); wait++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        traces = traceIds.map((id) => collector.statementsOf(id));
      }
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      traces = traceIds.map((id) => collector.statementsOf(id));
      const counts = traces.map((spans) => spans.length);
      if (new Set(counts).size > 1) log(`  ${template}: the three requests ran ${counts.join(", ")} statements`);
      const median = [...traces].sort((a, b) => a.length - b.length)[1]!;
      const cost = {
        page: template,
        statements: median.length,
        statementNames: median.map((span) => span.name),
        statementMs: percentile(
          traces.map((spans) => spans.reduce((sum, span) => sum + spanMs(span), 0)),
          50,
        ),
        html: { raw: html.byteLength, gzip: gzipSync(html).byteLength },
        rsc: { raw: rsc.byteLength, gzip: gzipSync(rsc).byteLength },
      };
      log(
        `  ${template}: ${cost.statements} statement(s) (${cost.statementNames.join(", ")}), ${cost.statementMs.toFixed(1)} ms; HTML ${cost.html.raw} B (gzip ${cost.html.gzip}), RSC ${cost.rsc.raw} B (gzip ${cost.rsc.gzip})`,
      );
      return cost;
    };
    const shell = await measure(shellPage);
    const pages: PageCost[] = [];
    for (const page of costedPages) pages.push(await measure(page));
    return { shell, pages };
  } finally {
    await stop?.();
    await collector.close();
    rmSync(secretsDir, { recursive: true, force: true });
    await database.cleanup();
  }
}

/** The names in `names` beyond those in `shell` (each of the shell's taken once). */
function beyond(names: string[], shell: string[]): string[] {
  const left = [...shell];
  return names.filter((name) => {
    const index = left.indexOf(name);
    if (index < 0) return true;
    left.splice(index, 1);
    return false;
  });
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The rows for `npm run bench` and docs/benchmarks.md: one per page, against the shell's cost. */
export async function run(options: Parameters<typeof measurePageCosts>[0]): Promise<BenchRow[]> {
  const { shell, pages } = await measurePageCosts(options);
  const label = options.kind === "pglite" ? "PGlite" : "PostgreSQL";
  const bytes = (cost: PageCost) =>
    `HTML ${kib(cost.html.raw)} (gzip ${kib(cost.html.gzip)}), RSC ${kib(cost.rsc.raw)} (gzip ${kib(cost.rsc.gzip)})`;
  const counted = (n: number) => `${n} statement${n === 1 ? "" : "s"}`;
  const statements = (cost: PageCost) => `${counted(cost.statements)} (${cost.statementMs.toFixed(1)} ms, traced)`;
  return pages.map((cost) => ({
    measure: `page cost ${cost.page.replace("<transaction>", "<id>")}, ${label} (warm, signed in)`,
    figure: `${statements(cost)}; ${bytes(cost)}`,
    baseline: `${shellPage} (the layout alone) ${statements(shell)}; ${bytes(shell)}`,
    ratio: `+${counted(cost.statements - shell.statements)} (${beyond(cost.statementNames, shell.statementNames).join(", ") || "none"}); HTML ×${(cost.html.gzip / shell.html.gzip).toFixed(1)}, RSC ×${(cost.rsc.gzip / shell.rsc.gzip).toFixed(1)} gzip`,
  }));
}

if (isMainModule(import.meta.url)) {
  const kind = (textOption("kind") ?? "pglite") as DatabaseKind;
  const rows = await run({
    kind,
    postgresUrl: process.env.BENCH_DATABASE_URL,
    port: numberOption("port", 3350),
    appDir: path.resolve(textOption("app-dir") ?? path.resolve(import.meta.dirname, "../..")),
    warmups: numberOption("warmups", 20),
    log: console.log,
    dumpDir: textOption("dump") ? (mkdirSync(textOption("dump")!, { recursive: true }) ?? textOption("dump")) : undefined,
  });
  if (!hasFlag("quiet"))
    for (const row of rows) console.log(`${row.measure}\n  ${row.figure}\n  baseline: ${row.baseline}\n  ${row.ratio}`);
}
