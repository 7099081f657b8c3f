// Operations figures for issue #31, each next to a baseline measured in the same run:
//  - backup: the time and size of `npm run backup`'s consistent snapshot (lib/db/pglite-backup.ts)
//    of an embedded database holding N ledger rows (100k and 1M), against a plain `tar czf` of the
//    same data directory (what a copy of the files costs, but only consistent with the server stopped);
//  - shutdown: the time from SIGTERM to exit of the built server (`next start`, PGlite) under load
//    (callbacks arriving, a live stream open), against the same SIGTERM at idle;
//  - readiness: the time from spawn to the first answer of /api/health/ready (a 503) of the
//    standalone server as the image runs it (deploy/server-preload.cjs), against a bare Node HTTP
//    server spawned and probed the same way: the floor any Node process has on this machine.
// Run alone: `npx tsx --conditions=react-server scripts/bench/operations.ts [--rows 100000,1000000] [--no-shutdown] [--readiness-only]`
// (the shutdown and readiness rows need a production build in .next). `npm run bench` calls run().
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { driverOf, openDatabase } from "@/lib/db/client";
import { snapshotPglite } from "@/lib/db/pglite-backup";
import type { BenchRow } from "../support/bench-report";
import { seedLedger } from "../benchmark-ledger";

export type OperationsOptions = { rows: number[]; shutdown: boolean; readiness?: boolean; log?: (line: string) => void };

const dashboardMigrations = path.resolve(import.meta.dirname, "../../lib/db/migrations");
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Backup time and size at `total` ledger rows, next to a tar of the same data directory. */
async function backupRow(total: number, log: (line: string) => void): Promise<BenchRow> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-backup-"));
  const dataDir = path.join(dir, "pglite");
  try {
    const connection = await openDatabase({ kind: "pglite", dataDir });
    await connection.migrate(dashboardMigrations, "__drizzle_migrations");
    const seeding = performance.now();
    await seedLedger(connection.db, total);
    log(`backup: seeded ${total.toLocaleString("en")} rows in ${seconds(performance.now() - seeding)}`);
    const driver = driverOf(connection.db);
    if (driver.kind !== "pglite") throw new Error("expected an embedded database");
    const client = driver.client;
    const started = performance.now();
    const snapshot = await snapshotPglite(client);
    const snapshotMs = performance.now() - started;
    await connection.close();
    // The baseline: the same files, tarred and gzipped with the server stopped.
    const tarFile = path.join(dir, "raw.tar.gz");
    const tarStarted = performance.now();
    execFileSync("tar", ["czf", tarFile, "-C", dataDir, "."]);
    const tarMs = performance.now() - tarStarted;
    const tarBytes = statSync(tarFile).size;
    return {
      measure: `backup of the embedded database, ${total.toLocaleString("en")} ledger rows (time, size)`,
      figure: `${seconds(snapshotMs)}, ${megabytes(snapshot.byteLength)}`,
      baseline: `tar czf of the stopped data dir: ${seconds(tarMs)}, ${megabytes(tarBytes)}`,
      ratio: `×${(snapshotMs / tarMs).toFixed(2)} time, ×${(snapshot.byteLength / tarBytes).toFixed(2)} size`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Started = { child: ReturnType<typeof spawn>; port: number; dir: string };

async function startServer(port: number): Promise<Started> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-shutdown-"));
  const child = spawn(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "start", "-p", String(port)], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_URL: `http://localhost:${port}`,
      PGLITE_DATA_DIR: path.join(dir, "pglite"),
      EMBEDDED_SECRETS_FILE: path.join(dir, "secrets.json"),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if ((await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => undefined))?.ok) return { child, port, dir };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`the server on ${port} did not become ready`);
}

/** SIGTERM → exit, in ms; the load (if any) runs until the exit. */
async function timeShutdown(server: Started, underLoad: boolean): Promise<number> {
  let stop = false;
  const load: Promise<unknown>[] = [];
  if (underLoad) {
    // Requests anonymous callers can make, with bodies to read and answers to write: the receiver
    // (an unknown transaction: read, checked, refused), health, and a payer page's stream.
    for (let sender = 0; sender < 16; sender++) {
      load.push(
        (async () => {
          while (!stop) {
            await fetch(`http://127.0.0.1:${server.port}/api/callbacks/wallet/00000000-0000-4000-8000-000000000000/x`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ id: "wtx", status: "SUCCEED", value: 100 }),
            }).then(
              (response) => response.arrayBuffer(),
              () => undefined,
            );
            await fetch(`http://127.0.0.1:${server.port}/api/health`).then(
              (response) => response.arrayBuffer(),
              () => undefined,
            );
          }
        })(),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
  const exited = new Promise<void>((resolve) => server.child.once("exit", () => resolve()));
  const started = performance.now();
  server.child.kill("SIGTERM");
  await exited;
  const elapsed = performance.now() - started;
  stop = true;
  await Promise.all(load);
  rmSync(server.dir, { recursive: true, force: true });
  return elapsed;
}

async function shutdownRow(log: (line: string) => void): Promise<BenchRow> {
  const idle = await timeShutdown(await startServer(3491), false);
  log(`shutdown at idle: ${seconds(idle)}`);
  const loaded = await timeShutdown(await startServer(3492), true);
  log(`shutdown under load: ${seconds(loaded)}`);
  return {
    measure: "graceful shutdown (SIGTERM → exit) under load, PGlite (SHUTDOWN_DRAIN_MS 3 s, bound 10 s)",
    figure: seconds(loaded),
    baseline: `at idle: ${seconds(idle)}`,
    ratio: `×${(loaded / idle).toFixed(2)}; goal ≤ 10 s`,
  };
}

/** Spawn → first HTTP answer on `port`, in ms (probed every 2 ms with fresh connections); the process is then killed. */
async function timeFirstAnswer(args: string[], port: number, env: NodeJS.ProcessEnv): Promise<{ ms: number; status: number }> {
  const { request } = await import("node:http");
  const probe = () =>
    new Promise<number | undefined>((resolve) => {
      const asked = request({ host: "127.0.0.1", port, path: "/api/health/ready", agent: false }, (answer) => {
        answer.resume();
        resolve(answer.statusCode);
      });
      asked.on("error", () => resolve(undefined));
      asked.end();
    });
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: "ignore" });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    for (;;) {
      const status = await probe();
      if (status !== undefined) return { ms: performance.now() - started, status };
      if (performance.now() - started > 30_000) throw new Error(`nothing answered on ${port} within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } finally {
    child.kill("SIGKILL");
    await exited;
  }
}

/** Readiness from the first moments (#50): the standalone server's first 503 against a bare Node server's first answer, in turns. */
async function readinessRow(log: (line: string) => void, turns = 7): Promise<BenchRow> {
  const standalone = path.resolve(".next/standalone");
  if (!statSync(path.join(standalone, "server.js"), { throwIfNoEntry: false })) throw new Error("readiness needs `next build` first");
  const port = 3493;
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-readiness-"));
  const serverEnv = {
    ...process.env,
    NODE_ENV: "production" as const,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    APP_URL: `http://localhost:${port}`,
    PGLITE_DATA_DIR: path.join(dir, "pglite"),
    EMBEDDED_SECRETS_FILE: path.join(dir, "secrets.json"),
    LOG_LEVEL: "warn",
  };
  const bare = `require("node:http").createServer((q, a) => { a.statusCode = 503; a.end(); }).listen(${port}, "127.0.0.1"); setInterval(() => {}, 1000);`;
  const server: number[] = [];
  const floor: number[] = [];
  try {
    for (let turn = 0; turn < turns; turn++) {
      const first = await timeFirstAnswer(
        ["--require", path.join(standalone, "deploy/server-preload.cjs"), path.join(standalone, "server.js")],
        port,
        serverEnv,
      );
      if (first.status !== 503) throw new Error(`the server's first readiness answer was ${first.status}, not 503`);
      server.push(first.ms);
      floor.push((await timeFirstAnswer(["-e", bare], port, process.env)).ms);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const range = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
  log(`readiness: server ${server.map((ms) => ms.toFixed(0)).join(", ")} ms; bare Node ${floor.map((ms) => ms.toFixed(0)).join(", ")} ms`);
  return {
    measure: `readiness: spawn → first /api/health/ready answer (503), standalone server with its preload (median of ${turns}, range)`,
    figure: `${median(server).toFixed(0)} ms (${range(server)})`,
    baseline: `bare Node HTTP server, spawned the same way: ${median(floor).toFixed(0)} ms (${range(floor)})`,
    ratio: `+${(median(server) - median(floor)).toFixed(0)} ms; goal ≤ 100 ms from spawn`,
  };
}

export async function run(options: OperationsOptions): Promise<BenchRow[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const rows: BenchRow[] = [];
  for (const total of options.rows) rows.push(await backupRow(total, log));
  if (options.shutdown) rows.push(await shutdownRow(log));
  if (options.readiness ?? options.shutdown) rows.push(await readinessRow(log));
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      rows: { type: "string", default: "100000,1000000" },
      "no-shutdown": { type: "boolean" },
      "readiness-only": { type: "boolean" },
    },
  });
  const only = values["readiness-only"] === true;
  const rows = await run({
    rows: only ? [] : values.rows.split(",").map(Number),
    shutdown: !only && !values["no-shutdown"],
    readiness: only || !values["no-shutdown"],
  });
  for (const row of rows) console.log(`${row.measure}: ${row.figure} | ${row.baseline} | ${row.ratio}`);
}
