// A working day's mixed load on one instance (issue #52), served by the production build
// (`next start`, .next must exist: `npx next build`) on a fresh database of either kind with the
// embedded sandbox wallet, which delivers real callbacks for the charges paid:
//   - operators (signed in, no second factor: sign-in is its own benchmark): the ledger with a
//     filter, a search, a transaction's page, the Overview, and now and then a CSV export;
//   - tills: quick charges at a counter (the server action, as the till's form calls it);
//   - the wallet's callbacks: a share of the charges is paid in the sandbox (its simulate action),
//     whose callback then comes back to the receiver over HTTP;
//   - an API client: creates a charge (key + Idempotency-Key), reads it back, lists transactions, reads the events feed;
//   - event deliveries: an endpoint subscribed to every event, on a local receiver that answers 200.
// Virtual users each loop over a request drawn by the stated mix; the number of users is raised step
// by step until any class's p95 passes 500 ms or a request fails. The capacity is the last step
// that held: its requests/s and its users. The baseline, measured at that step's users on the same
// server just after: `/api/health/live`, a route that does nothing (the hello route's throughput).
//
//   npm run bench:day -- [--postgres] [--step-seconds 20] [--users 2,4,8,16,32,64]
//   npm run bench:soak -- [--postgres] [--minutes 30] [--users N]  (default: half the capacity found by a day run first)
//
// `run(options)` and `soak(options)` return the rows for docs/benchmarks.md (scripts/bench.ts --only day,soak).
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createApiKey } from "@/lib/api-keys/manage-api-keys";
import { createCounter } from "@/lib/db/queries/counters";
import { createEventEndpoint } from "@/lib/events/endpoints";
import { secretBoxFor } from "@/lib/events/secret-box";
import { eventTypes } from "@/lib/vocabulary/event-types";
import { findAction } from "../../e2e/support/server-actions";
import { seedLedger } from "../benchmark-ledger";
import {
  hasFlag,
  isMainModule,
  numberOption,
  percentile,
  type Server,
  startDashboardServer,
  textOption,
  withAdminClient,
} from "../support/bench";
import type { BenchRow } from "../support/bench-report";
import { type DatabaseKind, freshDatabase, seedSignedInOperators } from "./support";

const root = path.resolve(import.meta.dirname, "../..");
const p95Limit = 500;

/** The request classes and their share of the mix (per 100 requests drawn). */
const mix = { operator: 55, till: 15, payment: 10, api: 15, export: 5 } as const;
type RequestClass = keyof typeof mix;
const classes = Object.keys(mix) as RequestClass[];

export type DayOptions = {
  kind?: DatabaseKind;
  postgresUrl?: string;
  port?: number;
  /** Seconds each step of users runs. */
  stepSeconds?: number;
  /** The users of each step, in order. */
  users?: number[];
  /** Ledger rows seeded before the start (the operators' pages read them). */
  ledgerRows?: number;
  log?: (line: string) => void;
};

type Sample = { requestClass: RequestClass; ms: number; ok: boolean; at: number; failure?: string };
type Step = { users: number; seconds: number; samples: Sample[] };

/** The server, its signed-in operator, a counter, an API key and an event receiver, on a fresh database. */
async function startDay(options: DayOptions) {
  const log = options.log ?? console.log;
  const kind = options.kind ?? "pglite";
  const port = options.port ?? 3340;
  const origin = `http://127.0.0.1:${port}`;
  if (!existsSync(path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID")))
    throw new Error("the day benchmark serves the production build: run `npx next build` first");
  const secretsDir = mkdtempSync(path.join(os.tmpdir(), "bench-day-"));
  const database = await freshDatabase(kind, "day", options.postgresUrl);
  const secrets = { appUrl: origin, authSecret: randomBytes(32).toString("hex"), callbackSecret: randomBytes(32).toString("hex") };
  const walletToken = `sbx_${randomBytes(16).toString("hex")}`;
  const metricsToken = randomBytes(24).toString("hex");
  // Event deliveries land here; each answered 200.
  let delivered = 0;
  const receiver = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      delivered++;
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/day-events`;

  const connection = await database.connect();
  let cookie = "";
  const apiTokens: string[] = [];
  let counterId = "";
  try {
    await connection.migrate(path.join(root, "lib/db/migrations"), "__drizzle_migrations");
    const rows = options.ledgerRows ?? 20_000;
    const seeding = performance.now();
    await seedLedger(connection.db, rows);
    log(`day (${kind}): seeded ${rows.toLocaleString("en")} ledger rows in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    ({ finance: cookie } = await seedSignedInOperators(connection.db, secrets, {
      finance: { name: "Day finance", email: "finance@day.example", role: "finance" },
    }));
    // The merchant's integrations (an ERP, a shop, a reconciliation script, a BI export), each with
    // its own key: one key is limited to 300 calls a minute (rateLimitRules.apiPerKey), which the
    // API's share of the mix passes at about 33 requests/s in all.
    for (const name of ["ERP", "Shop", "Reconciliation", "BI"]) {
      const { token } = await createApiKey(
        connection.db,
        { id: "bench", email: "bench@day.example" },
        { name: `Day ${name}`, scopes: ["charges:read", "charges:write", "transactions:read", "events:read"], expiresAt: null },
      );
      apiTokens.push(token);
    }
    const counter = await createCounter(connection.db, {
      name: "Caixa 1",
      defaultPayerName: "Cliente Balcão",
      defaultPayerEmail: "balcao@day.example",
      defaultPayerDocument: "52998224725",
    });
    counterId = counter!.id;
    // The seeded ledger's triggers wrote ~4 events a charge with no server running; a running server's
    // worker fans each out within a second, to no endpoint then. Marked as that worker would have, so
    // the day's receiver gets the day's events and not a year's backlog in its first minutes.
    await connection.db.execute(sql`update events set fanned_out = true where not fanned_out`);
    await createEventEndpoint(
      connection.db,
      secretBoxFor(secrets.authSecret),
      { allowPrivateAddresses: true },
      { url: receiverUrl, description: "day receiver", eventTypes: [...eventTypes], enabled: true },
      "bench@day.example",
    );
  } finally {
    await connection.close();
  }
  const server: Server = await startDashboardServer({
    cwd: root,
    port,
    databaseEnv: database.env,
    origin,
    secrets,
    walletToken,
    secretsDir,
    extraEnv: { OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "true", METRICS_TOKEN: metricsToken },
  });
  const stop = async () => {
    await server.stop();
    await new Promise((resolve) => receiver.close(resolve));
    await database.cleanup();
    rmSync(secretsDir, { recursive: true, force: true });
  };
  return { kind, origin, server, cookie, apiTokens, counterId, metricsToken, database, delivered: () => delivered, stop };
}

type Day = Awaited<ReturnType<typeof startDay>>;

/** One request of each class; each throws, saying what went wrong, when it did not do what it should. */
function requestsOf(day: Day) {
  const { origin, cookie, apiTokens, counterId } = day;
  const actions = {
    quickCharge: findAction("createQuickChargeAction"),
    simulatePayment: findAction("simulatePaymentAction"),
  };
  const callAction = async (action: { id: string; path: string }, args: unknown) => {
    const response = await fetch(`${origin}${action.path}`, {
      method: "POST",
      headers: { "next-action": action.id, "content-type": "text/plain;charset=UTF-8", origin, accept: "text/x-component", cookie },
      body: JSON.stringify([args]),
      redirect: "manual",
    });
    return { status: response.status, text: await response.text() };
  };
  const expect = (condition: boolean, what: string) => {
    if (!condition) throw new Error(what);
  };
  const page = async (pathname: string, headers: Record<string, string> = { cookie }) => {
    const response = await fetch(`${origin}${pathname}`, { headers, redirect: "manual" });
    await response.arrayBuffer();
    expect(response.status === 200, `GET ${pathname.split("?")[0]} answered ${response.status}`);
  };
  // Charges the tills made and the API made, for the payments and the transaction pages.
  const pending: string[] = [];
  const seen: string[] = [];
  // Each API call from the next integration in turn.
  const apiKeys = apiTokens.map((token) => ({ authorization: `Bearer ${token}` }));
  let operatorTurn = 0;
  let apiTurn = 0;
  const searches = ["maria", "ana s", "529.982.247-25", "ref-"];
  return {
    operator: async () => {
      const turn = operatorTurn++;
      switch (turn % 4) {
        case 0:
          return page("/transactions?status=PENDING&kind=CASH_IN");
        case 1:
          // Every fourth turn is a search: the next of the searches each time.
          return page(`/transactions?q=${encodeURIComponent(searches[Math.floor(turn / 4) % searches.length]!)}`);
        case 2: {
          const id = seen[turn % Math.max(1, seen.length)];
          return id ? page(`/transactions/${id}`) : page("/transactions");
        }
        default:
          return page("/");
      }
    },
    till: async () => {
      const { status, text } = await callAction(actions.quickCharge, { idempotencyKey: randomUUID(), counterId, amount: "12,34" });
      const id = /"transactionId":"([0-9a-f-]{36})"/.exec(text)?.[1];
      if (id) {
        pending.push(id);
        seen.push(id);
      }
      expect(status === 200 && Boolean(id), `quick charge: ${status} ${text.slice(-200)}`);
    },
    payment: async () => {
      const id = pending.shift();
      if (!id) return page("/api/health/live", {});
      const { status, text } = await callAction(actions.simulatePayment, { transactionId: id });
      expect(status === 200 && text.includes('"ok":true'), `simulate payment: ${status} ${text.slice(-200)}`);
    },
    api: async () => {
      const turn = apiTurn++;
      const api = apiKeys[turn % apiKeys.length]!;
      if (turn % 4 === 0) {
        const response = await fetch(`${origin}/api/v1/charges`, {
          method: "POST",
          headers: { ...api, "idempotency-key": randomUUID(), "content-type": "application/json" },
          body: JSON.stringify({ amountCents: 1234, payer: { name: "Ana Day", email: "ana@day.example", document: "52998224725" } }),
        });
        const text = await response.text();
        const id = /"id":"([0-9a-f-]{36})"/.exec(text)?.[1];
        if (id) seen.push(id);
        expect(response.status === 201, `POST /api/v1/charges answered ${response.status}: ${text.slice(0, 200)}`);
        return;
      }
      const pathname =
        turn % 4 === 1 && seen.length
          ? `/api/v1/charges/${seen[seen.length - 1]}`
          : turn % 4 === 2
            ? "/api/v1/transactions"
            : "/api/v1/events";
      const response = await fetch(`${origin}${pathname}`, { headers: api });
      const text = await response.text();
      expect(response.status === 200, `GET ${pathname} answered ${response.status}: ${text.slice(0, 200)}`);
    },
    // A day's paid charges as a spreadsheet (seedLedger's year ends on 2025-12-31).
    export: () => page("/api/transactions/export?status=SUCCEED&from=2025-12-31&to=2025-12-31&format=br"),
  } satisfies Record<RequestClass, () => Promise<void>>;
}

/** Runs `users` virtual users for `seconds`, each drawing its next request from the mix. */
async function runStep(requests: Record<RequestClass, () => Promise<void>>, users: number, seconds: number): Promise<Step> {
  const samples: Sample[] = [];
  const deck = classes.flatMap((requestClass) => Array.from({ length: mix[requestClass] }, () => requestClass));
  const ends = performance.now() + seconds * 1000;
  let drawn = 0;
  await Promise.all(
    Array.from({ length: users }, async (_, user) => {
      while (performance.now() < ends) {
        // A fixed shuffle of the deck (by a stride), so every step sees the same mix.
        const requestClass = deck[(drawn++ * 37 + user) % deck.length]!;
        const started = performance.now();
        const failure = await requests[requestClass]().then(
          () => undefined,
          (error: Error) => error.message,
        );
        samples.push({ requestClass, ms: performance.now() - started, ok: failure === undefined, at: started, failure });
      }
    }),
  );
  return { users, seconds, samples };
}

function perClass(step: Step) {
  return classes.map((requestClass) => {
    const times = step.samples.filter((sample) => sample.requestClass === requestClass);
    const ms = times.map((sample) => sample.ms);
    return {
      requestClass,
      count: times.length,
      errors: times.filter((sample) => !sample.ok).length,
      p50: ms.length ? percentile(ms, 50) : 0,
      p95: ms.length ? percentile(ms, 95) : 0,
      p99: ms.length ? percentile(ms, 99) : 0,
    };
  });
}

const holds = (step: Step) => perClass(step).every((row) => row.errors === 0 && row.p95 <= p95Limit);
const rate = (step: Step) => step.samples.length / step.seconds;

/** Requests/s of `/api/health/live` at `users` users for `seconds`: the hello route's throughput. */
async function helloRate(origin: string, users: number, seconds: number): Promise<number> {
  let count = 0;
  const ends = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: users }, async () => {
      while (performance.now() < ends) {
        const response = await fetch(`${origin}/api/health/live`);
        await response.arrayBuffer();
        count++;
      }
    }),
  );
  return count / seconds;
}

/** Raises the users step by step until a class's p95 passes 500 ms or a request fails; the capacity is the last step that held. */
async function findCapacity(day: Day, options: DayOptions) {
  const log = options.log ?? console.log;
  const requests = requestsOf(day);
  const stepSeconds = options.stepSeconds ?? 20;
  // Warm-up: every class once, then a short step (routes compile their first answer, caches fill).
  await runStep(requests, 2, Math.min(10, stepSeconds));
  let capacity: Step | undefined;
  let breaking: Step | undefined;
  for (const users of options.users ?? [2, 4, 8, 16, 32, 64]) {
    const step = await runStep(requests, users, stepSeconds);
    const worst = perClass(step).reduce((a, b) => (b.p95 > a.p95 ? b : a));
    log(
      `day (${day.kind}): ${users} users → ${rate(step).toFixed(1)} req/s, worst p95 ${worst.p95.toFixed(0)} ms (${worst.requestClass}), ${step.samples.filter((sample) => !sample.ok).length} failed`,
    );
    const failures = [...new Set(step.samples.flatMap((sample) => (sample.failure ? [sample.failure] : [])))];
    if (failures.length) log(`  failures: ${failures.slice(0, 5).join(" | ")}`);
    if (!holds(step)) {
      breaking = step;
      break;
    }
    capacity = step;
  }
  return { capacity, breaking };
}

export async function run(options: DayOptions = {}): Promise<BenchRow[]> {
  const log = options.log ?? console.log;
  const day = await startDay(options);
  try {
    const { capacity, breaking } = await findCapacity(day, options);
    const database = day.kind === "pglite" ? "PGlite" : "PostgreSQL";
    if (!capacity) {
      const first = breaking ? perClass(breaking) : [];
      return [
        {
          measure: `bench:day capacity of one instance, ${database}`,
          figure: "none: the first step already failed",
          baseline: first.map((row) => `${row.requestClass} p95 ${row.p95.toFixed(0)} ms, ${row.errors} failed`).join("; "),
          ratio: `goal: p95 ≤ ${p95Limit} ms, no failure`,
        },
      ];
    }
    const hello = await helloRate(day.origin, capacity.users, options.stepSeconds ?? 20);
    const ms = (value: number) => value.toFixed(0);
    const classRows = perClass(capacity).map((row) => ({
      measure: `bench:day at capacity, ${row.requestClass} (${mix[row.requestClass]}% of the mix), ${database}`,
      figure: `p50 ${ms(row.p50)} / p95 ${ms(row.p95)} / p99 ${ms(row.p99)} ms (${row.count} requests, ${row.errors} failed)`,
      baseline: `${capacity.users} users`,
      ratio: `goal p95 ≤ ${p95Limit} ms`,
    }));
    log(`day (${day.kind}): ${day.delivered()} event deliveries received by the local receiver`);
    return [
      {
        measure: `bench:day capacity of one instance (mixed load: operators, tills, payments with their callbacks, API, exports; events delivered), ${database}`,
        figure: `${rate(capacity).toFixed(1)} req/s with ${capacity.users} concurrent users (${breaking ? `${breaking.users} users broke it` : "the last step held"})`,
        baseline: `/api/health/live at ${capacity.users} users: ${hello.toFixed(0)} req/s`,
        ratio: `×${(rate(capacity) / hello).toFixed(3)} of the hello route's throughput`,
      },
      ...classRows,
    ];
  } finally {
    await day.stop();
  }
}

export type SoakOptions = DayOptions & { minutes?: number; soakUsers?: number };

/** One sample of the server's own state: RSS, event-loop delay (p99), open handles, database connections. */
async function sampleServer(day: Day, postgresUrl: string | undefined) {
  const response = await fetch(`${day.origin}/api/metrics`, { headers: { authorization: `Bearer ${day.metricsToken}` } });
  const text = await response.text();
  // The sum of a metric's samples (the handles are one gauge per type: nodejs_active_handles{type=…}).
  const metric = (name: string) => {
    const values = [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, "gm"))].map((match) => Number(match[1]));
    return values.length ? values.reduce((sum, value) => sum + value, 0) : Number.NaN;
  };
  let connections: number | undefined;
  const databaseUrl = day.database.env.DATABASE_URL;
  if (postgresUrl && databaseUrl) {
    const name = new URL(databaseUrl).pathname.slice(1);
    connections = await withAdminClient(postgresUrl, async (client) =>
      Number((await client.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name])).rows[0].n),
    );
  }
  const pid = day.server.child.pid;
  const rssFromProc = () => {
    try {
      return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) * 1024;
    } catch {
      return Number.NaN;
    }
  };
  const rss = metric("process_resident_memory_bytes");
  return {
    rssBytes: Number.isFinite(rss) ? rss : rssFromProc(),
    loopP99Ms: metric("nodejs_eventloop_lag_p99_seconds") * 1000,
    handles: metric("nodejs_active_handles"),
    connections,
  };
}

/**
 * `npm run bench:soak`: the mix at half the capacity a day run finds (or --users), for `minutes`,
 * sampling the server each minute. Flat means: no figure's median over the last five minutes is more
 * than 10 % over its median over minutes 5–9, no request fails, and the p95 ends where it started.
 */
export async function soak(options: SoakOptions = {}): Promise<BenchRow[]> {
  const log = options.log ?? console.log;
  const minutes = options.minutes ?? 30;
  // Growth is measured from minute 5 on: a shorter soak would report a flat 0 % that says nothing.
  if (minutes < 10) throw new Error(`bench:soak needs at least 10 minutes (--soak-minutes ${minutes}): growth is measured after minute 5`);
  let users = options.soakUsers;
  if (!users) {
    const capacity = await run({ ...options, log });
    const found = /with (\d+) concurrent users/.exec(capacity[0]?.figure ?? "")?.[1];
    users = Math.max(1, Math.floor(Number(found ?? 2) / 2));
  }
  const day = await startDay(options);
  const database = day.kind === "pglite" ? "PGlite" : "PostgreSQL";
  try {
    const requests = requestsOf(day);
    await runStep(requests, 2, 10);
    const minutesRun: Array<{ minute: number; step: Step; state: Awaited<ReturnType<typeof sampleServer>> }> = [];
    for (let minute = 1; minute <= minutes; minute++) {
      const step = await runStep(requests, users, 60);
      const state = await sampleServer(day, options.postgresUrl);
      minutesRun.push({ minute, step, state });
      const p95 = percentile(
        step.samples.map((sample) => sample.ms),
        95,
      );
      log(
        `soak (${day.kind}) minute ${minute}: ${rate(step).toFixed(1)} req/s, p95 ${p95.toFixed(0)} ms, RSS ${(state.rssBytes / 1_048_576).toFixed(0)} MiB, loop p99 ${state.loopP99Ms.toFixed(1)} ms, handles ${state.handles}${state.connections === undefined ? "" : `, connections ${state.connections}`}, ${step.samples.filter((sample) => !sample.ok).length} failed`,
      );
      // What failed, and the slowest request, so a failed or slow minute says what it was.
      const failures = [
        ...new Set(step.samples.flatMap((sample) => (sample.failure ? [`${sample.requestClass}: ${sample.failure}`] : []))),
      ];
      if (failures.length) log(`  failures: ${failures.slice(0, 5).join(" | ")}`);
      const slowest = step.samples.reduce<Sample | undefined>(
        (worst, sample) => (worst && worst.ms >= sample.ms ? worst : sample),
        undefined,
      );
      if (slowest && slowest.ms > p95Limit) log(`  slowest: ${slowest.requestClass} ${slowest.ms.toFixed(0)} ms`);
    }
    // Flatness compares two windows of five minutes, minutes 5–9 and the last five, each by its
    // median: one sample of a gauge (a handle count of 9 or 11, with requests in flight) is noise,
    // and a leak moves the whole window.
    const early = minutesRun.slice(4, 9);
    const late = minutesRun.slice(-5);
    const medianOf = (values: number[]) => percentile(values, 50);
    const growth = (pick: (state: Awaited<ReturnType<typeof sampleServer>>) => number | undefined) => {
      const of = (window: typeof minutesRun) => medianOf(window.map((entry) => pick(entry.state) ?? Number.NaN));
      return (of(late) - of(early)) / Math.max(of(early), 1);
    };
    const failed = minutesRun.reduce((sum, entry) => sum + entry.step.samples.filter((sample) => !sample.ok).length, 0);
    const p95Of = (window: typeof minutesRun) =>
      medianOf(
        window.map((entry) =>
          percentile(
            entry.step.samples.map((sample) => sample.ms),
            95,
          ),
        ),
      );
    const loopOf = (window: typeof minutesRun) => medianOf(window.map((entry) => entry.state.loopP99Ms));
    const percent = (value: number) => (Number.isFinite(value) ? `${value >= 0 ? "+" : ""}${(value * 100).toFixed(1)} %` : "n/a");
    const lastMinutes = `minutes ${late[0]!.minute}–${late[late.length - 1]!.minute}`;
    return [
      {
        measure: `bench:soak, ${minutes} min at ${users} users (half the capacity found), ${database}`,
        figure: `${lastMinutes} against minutes 5–9 (medians): RSS ${percent(growth((state) => state.rssBytes))}, handles ${percent(growth((state) => state.handles))}, connections ${day.kind === "postgres" ? percent(growth((state) => state.connections)) : "n/a (embedded)"}; loop p99 ${loopOf(early).toFixed(1)} → ${loopOf(late).toFixed(1)} ms; ${failed} failed`,
        baseline: `minutes 5–9: p95 ${p95Of(early).toFixed(0)} ms; ${lastMinutes}: p95 ${p95Of(late).toFixed(0)} ms`,
        ratio: "goal: growth ≤ 10 %, 0 failed, the same p95 at the end",
      },
    ];
  } finally {
    await day.stop();
  }
}

if (isMainModule(import.meta.url)) {
  const postgres = hasFlag("postgres");
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (postgres && !postgresUrl) throw new Error("--postgres needs BENCH_DATABASE_URL");
  const users = textOption("users")?.split(",").map(Number);
  const common: DayOptions = {
    kind: postgres ? "postgres" : "pglite",
    postgresUrl,
    port: numberOption("port", 3340),
    stepSeconds: numberOption("step-seconds", 20),
    ledgerRows: numberOption("ledger-rows", 20_000),
    ...(users && !hasFlag("soak") ? { users } : {}),
  };
  const rows = hasFlag("soak") ? await soak({ ...common, minutes: numberOption("minutes", 30), soakUsers: users?.[0] }) : await run(common);
  for (const row of rows) console.log(`${row.measure}\n  ${row.figure}\n  baseline: ${row.baseline}\n  ${row.ratio}`);
}
