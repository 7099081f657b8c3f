// Benchmark of the counter display's push: time from a wallet callback marking a charge paid to the
// paired display's live stream delivering "SUCCEED", through real `next start` servers (the
// production build in .next). PostgreSQL runs two app instances — the callback lands on one, the
// display is connected to the other, so the event crosses instances through LISTEN/NOTIFY —
// and embedded PGlite runs its single instance. The baseline, measured in the same run, is the
// callback request's own round trip (the receiver answers once the status is committed): the
// push's cost is the difference.
//
//   npx next build && npm run bench:display                # PGlite, and PostgreSQL at BENCH_DATABASE_URL
//   npm run bench:display -- --runs 50 --skip-postgres
//
// BENCH_DATABASE_URL (default: the local CI server) must let its user create databases: a fresh
// one (display_bench_*) is created and dropped at the end. Ports: BENCH_PORT (default 4113) and the
// next two.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Client } from "pg";
import { callbackBody, callbackPath, seedDisplayedCharges as seed, type SeededDisplay as Device } from "@/test/support/display-fixtures";

const argv = process.argv.slice(2);
const runs = Number(argv[argv.indexOf("--runs") + 1] || 0) || 30;
const warmup = 3;
const skipPostgres = argv.includes("--skip-postgres");
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://wallet_ci:wallet_ci@localhost:5432/postgres";
const basePort = Number(process.env.BENCH_PORT ?? 4113);
const secrets = {
  BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
  CALLBACK_SECRET: randomBytes(32).toString("hex"),
  WALLET_API_TOKEN: "bench-token-0123456789",
};

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn("npx", ["next", "start", "-p", String(port)], {
    env: {
      ...process.env,
      ...secrets,
      APP_URL: `http://localhost:${port}`,
      WALLET_API_BASE_URL: "http://127.0.0.1:9",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      // Readiness checks the database only (no wallet is reachable here: the benchmark posts the callbacks itself).
      if ((await fetch(`http://localhost:${port}/api/health/ready`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  stopServer(child);
  throw new Error(`the server on port ${port} did not start`);
}

function stopServer(child: ChildProcess) {
  // The group: npx, then next's own server process.
  if (child.pid) process.kill(-child.pid, "SIGTERM");
}

/** Opens the display's stream and resolves each data event in turn. */
async function openDisplayStream(baseUrl: string, token: string) {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/display/events`, {
    headers: { cookie: `wallet_display_session=${token}` },
    signal: abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`display stream answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const next = async (): Promise<{ charge: { state: string } | null }> => {
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame.split("\n").find((line) => line.startsWith("data: "));
        if (data) return JSON.parse(data.slice(6));
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("the display stream ended");
      buffer += value;
    }
  };
  return { next, close: () => abort.abort() };
}

async function measure(label: string, callbackBase: string, displayBase: string, devices: Device[]) {
  const push: number[] = [];
  const roundTrip: number[] = [];
  for (const [index, device] of devices.entries()) {
    const stream = await openDisplayStream(displayBase, device.token);
    const first = await stream.next();
    if (first.charge?.state !== "PENDING") throw new Error(`expected a pending charge on screen, got ${JSON.stringify(first)}`);
    const body = callbackBody(device, "SUCCEED");
    const started = performance.now();
    const paid = (async () => {
      for (;;) if ((await stream.next()).charge?.state === "SUCCEED") return performance.now();
    })();
    const answer = await fetch(`${callbackBase}${callbackPath(device, secrets.CALLBACK_SECRET)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answered = performance.now();
    if (!answer.ok) throw new Error(`callback answered ${answer.status}: ${await answer.text()}`);
    const shown = await paid;
    stream.close();
    if (index < warmup) continue;
    roundTrip.push(answered - started);
    push.push(shown - started);
  }
  const row = (name: string, values: number[]) =>
    console.log(
      `  ${name.padEnd(52)} p50 ${percentile(values, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(values, 95).toFixed(1).padStart(7)} ms   max ${Math.max(
        ...values,
      )
        .toFixed(1)
        .padStart(7)} ms`,
    );
  console.log(`\n${label} (${push.length} callbacks after ${warmup} warm-up)`);
  row("baseline: callback request round trip", roundTrip);
  row("callback sent → display stream shows SUCCEED", push);
  console.log(`  goal p95 ≤ 1000 ms: ${percentile(push, 95) <= 1000 ? "met" : "NOT met"}`);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  const count = runs + warmup;
  console.log(`Counter display latency: ${runs} paid callbacks per database, real next start servers.`);

  const dataDir = await mkdtemp(path.join(os.tmpdir(), "display-bench-"));
  try {
    const devices = await seed({ kind: "pglite", dataDir: path.join(dataDir, "pglite") }, count);
    const server = await startServer(basePort, {
      PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
      EMBEDDED_SECRETS_FILE: path.join(dataDir, "secrets.json"),
    });
    try {
      const url = `http://localhost:${basePort}`;
      await measure("PGlite, one instance (in-process NOTIFY)", url, url, devices);
    } finally {
      stopServer(server);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  if (skipPostgres) return;
  const databaseName = `display_bench_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const servers: ChildProcess[] = [];
  try {
    const devices = await seed({ kind: "postgres", url: url.toString(), connectTimeoutMs: 5_000 }, count);
    servers.push(await startServer(basePort + 1, { DATABASE_URL: url.toString() }));
    servers.push(await startServer(basePort + 2, { DATABASE_URL: url.toString() }));
    await measure(
      "PostgreSQL, two instances (callback on one, display on the other, LISTEN/NOTIFY)",
      `http://localhost:${basePort + 1}`,
      `http://localhost:${basePort + 2}`,
      devices,
    );
  } finally {
    servers.forEach(stopServer);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await admin.query(`drop database if exists ${databaseName} with (force)`).catch((error) => console.error(error));
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
