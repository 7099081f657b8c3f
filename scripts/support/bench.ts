// What the benchmark scripts share: reading `--name value` options, timing a run many times, a
// one-off PostgreSQL admin connection (to create and drop the benchmark's scratch databases), a
// concurrent POST load, and `next start` for a built app.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { Client } from "pg";

const argv = process.argv.slice(2);

/** `--name value` from the command line, as text (undefined when absent). */
export function textOption(name: string): string | undefined {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? argv[index + 1] : undefined;
}

/** `--name value` as a number, or the fallback. */
export function numberOption(name: string, fallback: number): number {
  const text = textOption(name);
  return text === undefined ? fallback : Number(text);
}

/** Whether a bare `--name` flag was given. */
export function hasFlag(name: string): boolean {
  return argv.includes(`--${name}`);
}

export type Timing = { p50: number; p95: number };

/** p50 and p95 of `runs` timed calls, after three untimed warm-up calls. */
export async function timeRuns(runs: number, run: () => Promise<unknown>): Promise<Timing> {
  for (let warmup = 0; warmup < 3; warmup += 1) await run();
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (quantile: number) => samples[Math.min(samples.length - 1, Math.ceil(quantile * samples.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}

/**
 * p50 and p95 of a baseline and of a figure run in turns (baseline, figure, baseline, …) after three
 * warm-ups each, so both see the same moments of a shared machine's load: timed one after the
 * other, a sub-millisecond read's ratio was whatever the load did between the two series.
 */
export async function timeInTurns(
  runs: number,
  baselineRun: () => Promise<unknown>,
  figureRun: () => Promise<unknown>,
): Promise<{ baseline: Timing; figure: Timing }> {
  for (let warmup = 0; warmup < 3; warmup++) {
    await baselineRun();
    await figureRun();
  }
  const baseline: number[] = [];
  const figure: number[] = [];
  for (let index = 0; index < runs; index++)
    for (const [run, samples] of [
      [baselineRun, baseline],
      [figureRun, figure],
    ] as const) {
      const started = performance.now();
      await run();
      samples.push(performance.now() - started);
    }
  const timing = (samples: number[]) => ({ p50: percentile(samples, 50), p95: percentile(samples, 95) });
  return { baseline: timing(baseline), figure: timing(figure) };
}

/** Runs `run` on a short-lived connection to the server at `url` (CREATE/DROP DATABASE). */
export async function withAdminClient<T>(url: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** True when this module is the script being run (not imported by `npm run bench`). */
export function isMainModule(moduleUrl: string): boolean {
  return Boolean(process.argv[1]) && pathToFileURL(path.resolve(process.argv[1]!)).href === moduleUrl;
}

/** Milliseconds from sending a GET to its first body bytes (200 only: anything else throws). */
export async function timeToFirstByte(url: string, cookie?: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const reader = response.body!.getReader();
  await reader.read();
  const elapsed = performance.now() - started;
  await reader.cancel();
  return elapsed;
}

/** The p-th percentile (0–100) of `samples`. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export type LoadResult = {
  perSecond: number;
  statuses: Record<number, number>;
  p50Ms: number;
  p99Ms: number;
  serverCpuMsPerRequest?: number;
};

/**
 * CPU time (user + system, all threads) a process has used so far, in milliseconds, from Linux's
 * /proc/<pid>/stat; undefined elsewhere. Throughput on a shared machine moves with its load; the
 * CPU a server spends per request moves much less, so the bench prints both.
 */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command name (which may hold spaces), from the 3rd: utime is the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/**
 * POSTs `bodies[i]` to `urls[i]` (with `headers[i]`, if given) with `concurrency` senders at once, from a load client in its own
 * process (scripts/support/load-client.mjs: node:http, keep-alive); requests/s, the statuses seen,
 * latency p50 and p99, and (given the server's process id, on Linux) the server's CPU time per
 * request. A fetch client in this process capped a bare route at 700–900 req/s and shared the CPU
 * with the measurements; its own process keeps the client out of both.
 */
export async function postLoad(
  urls: string[],
  bodies: string[],
  concurrency: number,
  serverPid?: number,
  headers?: Array<Record<string, string>>,
): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-load-"));
  const input = path.join(dir, "load.json");
  writeFileSync(input, JSON.stringify({ urls, bodies, headers, concurrency }));
  try {
    const cpuBefore = processCpuMs(serverPid);
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(import.meta.dirname, "load-client.mjs"), input], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      let text = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`the load client exited with ${code}`))));
    });
    const cpuAfter = processCpuMs(serverPid);
    const result = JSON.parse(output) as { seconds: number; statuses: Record<number, number>; latenciesMs: number[] };
    return {
      perSecond: Math.round(bodies.length / result.seconds),
      statuses: result.statuses,
      p50Ms: percentile(result.latenciesMs, 50),
      p99Ms: percentile(result.latenciesMs, 99),
      ...(cpuBefore !== undefined && cpuAfter !== undefined ? { serverCpuMsPerRequest: (cpuAfter - cpuBefore) / bodies.length } : {}),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type Server = { origin: string; child: ChildProcess; stop: () => Promise<void> };

/**
 * A benchmark's dashboard server settings: its database, public URL, the run's secrets (the ones the
 * seeding used, so its operators can sign in and its callbacks verify), a secrets file of its own and
 * quiet logs.
 */
export function dashboardServerEnv(options: {
  databaseEnv: Record<string, string>;
  origin: string;
  secrets: { authSecret: string; callbackSecret: string };
  walletToken: string;
  secretsDir: string;
}): Record<string, string> {
  return {
    ...options.databaseEnv,
    APP_URL: options.origin,
    BETTER_AUTH_SECRET: options.secrets.authSecret,
    CALLBACK_SECRET: options.secrets.callbackSecret,
    WALLET_API_TOKEN: options.walletToken,
    SANDBOX_WALLET_TOKEN: options.walletToken,
    EMBEDDED_SECRETS_FILE: path.join(options.secretsDir, "secrets.json"),
    LOG_LEVEL: "error",
  };
}

/** `next start` of the dashboard with a benchmark's settings (dashboardServerEnv, plus `extraEnv`), ready when its readiness probe answers. */
export function startDashboardServer(
  options: Parameters<typeof dashboardServerEnv>[0] & { cwd: string; port: number; extraEnv?: Record<string, string> },
): Promise<Server> {
  const { cwd, port, extraEnv, ...settings } = options;
  return startNextServer({ cwd, port, readyPath: "/api/health/ready", env: { ...dashboardServerEnv(settings), ...extraEnv } });
}

/** A charge's form input as the cash-in form sends it (the benchmarks' charges). */
export function benchChargeInput() {
  return {
    idempotencyKey: randomUUID(),
    amount: "12,34",
    payerName: "Ana Bench",
    payerEmail: "ana@bench.example",
    payerDocument: "529.982.247-25",
    expiry: "30",
    metadata: [],
  };
}

/** `next start` for the app in `cwd` on `port`, waiting until `readyPath` answers (any status). */
export async function startNextServer(options: {
  cwd: string;
  port: number;
  env: Record<string, string>;
  readyPath: string;
}): Promise<Server> {
  const origin = `http://127.0.0.1:${options.port}`;
  const nextBin = path.resolve(import.meta.dirname, "../../node_modules/.bin/next");
  const child = spawn(nextBin, ["start", "-p", String(options.port), "-H", "127.0.0.1"], {
    cwd: options.cwd,
    env: { ...process.env, NODE_ENV: "production", ...options.env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) throw new Error(`next start in ${options.cwd} exited with ${child.exitCode}`);
    try {
      await fetch(`${origin}${options.readyPath}`);
      return { origin, child, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  await stop();
  throw new Error(`next start in ${options.cwd} did not answer within 2 minutes`);
}
