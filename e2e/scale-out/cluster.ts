// The scale-out test bed, as one long-running process (Playwright's webServer starts it; see
// playwright.scale-out.config.ts): a fresh PostgreSQL database, two `next start` instances of the
// one production build in .next (or NEXT_DIST_DIR) sharing every secret, and the round-robin proxy
// in front of them, which is the only URL the browser, the payer and the embedded sandbox wallet
// know (APP_URL). A small control server on 127.0.0.1 lets the tests kill an instance (SIGKILL)
// and start it again, and read which instance answered which request.
//
//   SCALE_OUT_DATABASE_URL or TEST_DATABASE_URL   a PostgreSQL server whose user may create databases
//   SCALE_OUT_PORT (default 3400)                 proxy; +1 and +2 the instances; +3 the control server
//
// Stopped with SIGTERM/SIGINT: kills the instances and drops the database. A run killed harder
// leaves its database behind; the next run drops it (nobody is connected to it any more).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { Client } from "pg";
import { scaleOutSettings, type ClusterInfo } from "./settings";
import { startRoundRobinProxy } from "./round-robin-proxy";

const settings = scaleOutSettings();
if (!settings.serverUrl) {
  console.error("scale-out cluster: no PostgreSQL URL (SCALE_OUT_DATABASE_URL or TEST_DATABASE_URL); nothing to start.");
  process.exit(1);
}
const serverUrl = settings.serverUrl;
const distDir = process.env.NEXT_DIST_DIR || ".next";
const log = (message: string) => console.error(`[cluster ${new Date().toISOString().slice(11, 23)}] ${message}`);

/**
 * The key Next encrypts server actions' bound arguments with and salts their ids with. One build
 * carries the one it generated in its manifest, so instances of that build agree; it is still
 * passed explicitly, as a deployment of several builds must (each build needs it at build time).
 */
function buildActionsKey(): string {
  const manifest = JSON.parse(readFileSync(path.join(distDir, "server", "server-reference-manifest.json"), "utf8")) as {
    encryptionKey?: string;
  };
  if (!manifest.encryptionKey)
    throw new Error(`no encryptionKey in ${distDir}/server/server-reference-manifest.json: run next build first`);
  return manifest.encryptionKey;
}

function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery<T = unknown>(query: string): Promise<T[]> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(query)).rows as T[];
  } finally {
    await client.end();
  }
}

async function dropLeftoverDatabases() {
  const rows = await adminQuery<{ datname: string }>("select datname from pg_database where datname like 'wallet_scaleout_%'");
  for (const { datname } of rows) {
    // Without FORCE: a database still in use (a run going on elsewhere) is left alone.
    await adminQuery(`drop database if exists "${datname}"`).then(
      () => log(`dropped ${datname}, left by an earlier run`),
      () => {},
    );
  }
}

const basePort = settings.port;
const proxyUrl = `http://localhost:${basePort}`;
const instancePorts = [basePort + 1, basePort + 2];
const dataDir = path.resolve(`.data-scale-out-${basePort}`);
const databaseName = `wallet_scaleout_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
const secrets = {
  BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
  CALLBACK_SECRET: randomBytes(32).toString("hex"),
  WALLET_API_TOKEN: randomBytes(24).toString("base64url"),
};
const instances: Array<ChildProcess | undefined> = [undefined, undefined];
let actionsKey = "";

function instanceEnv(index: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...secrets,
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: actionsKey,
    DATABASE_URL: databaseUrl(databaseName),
    // The public URL is the proxy's: sign-in cookies, origin checks, and the callback URLs the
    // embedded sandbox wallet posts to all go through it, to either instance.
    APP_URL: proxyUrl,
    // Never used with DATABASE_URL and every secret set; pointed here so nothing touches ./.data.
    PGLITE_DATA_DIR: path.join(dataDir, `pglite-${index}`),
    EMBEDDED_SECRETS_FILE: path.join(dataDir, `secrets-${index}.json`),
    TRUSTED_PROXY_HOPS: "1",
    // CI runs these instances beside three end-to-end groups on two saturated cores, where opening a
    // PostgreSQL connection once took over the 5 s default and a page answered 500.
    DATABASE_CONNECT_TIMEOUT_MS: "20000",
    // These journeys double-submit cash-outs by calling the action directly, as a script or a
    // double click would, within minutes of the admin's sign-in: they test two instances, not the
    // step-up (e2e/step-up.spec.ts and the integration tests hold the default, which is off).
    STEP_UP_AFTER_SIGN_IN: "true",
    SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
    LOG_LEVEL: process.env.SCALE_OUT_LOG_LEVEL ?? "warn",
    NEXT_TELEMETRY_DISABLED: "1",
  };
}

async function waitHealthy(port: number, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`instance on port ${port} exited while starting`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`instance on port ${port} did not become healthy in ${timeoutMs / 1000} s`);
}

async function startInstance(index: number) {
  const current = instances[index];
  if (current && current.exitCode === null && current.signalCode === null) return;
  const port = instancePorts[index]!;
  const started = Date.now();
  // next's own entry point, not npx: the pid is the server itself, so SIGKILL kills the server.
  const child = spawn(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "start", "-p", String(port)], {
    env: instanceEnv(index),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const prefix = (line: string) => `[instance ${index}] ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (text: string) => {
      buffered += text;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) if (line.trim()) console.error(prefix(line));
    });
  }
  instances[index] = child;
  await waitHealthy(port, child);
  log(`instance ${index} (pid ${child.pid}, port ${port}) healthy after ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function killInstance(index: number) {
  const child = instances[index];
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
  log(`instance ${index} killed (SIGKILL)`);
}

/** The instances' own bound on a graceful shutdown (lib/observability/shutdown.ts), the default. */
const shutdownTimeoutMs = 10_000;

/** SIGTERM, then waits for the exit; SIGKILL only if it has not exited 15 s past its own bound. */
async function terminateInstance(index: number) {
  const child = instances[index];
  if (!child || child.exitCode !== null || child.signalCode !== null) throw new Error(`instance ${index} is not running`);
  const sent = Date.now();
  const exited = new Promise<{ exitCode: number | null; signal: string | null }>((resolve) =>
    child.once("exit", (exitCode, signal) => resolve({ exitCode, signal })),
  );
  child.kill("SIGTERM");
  let forced = false;
  const fallback = setTimeout(() => {
    forced = true;
    child.kill("SIGKILL");
  }, shutdownTimeoutMs + 15_000);
  const { exitCode, signal } = await exited;
  clearTimeout(fallback);
  const seconds = (Date.now() - sent) / 1000;
  log(`instance ${index} stopped by SIGTERM in ${seconds.toFixed(1)} s (exit ${exitCode ?? signal}${forced ? ", forced" : ""})`);
  return { exitCode, signal, seconds, forced, timeoutMs: shutdownTimeoutMs };
}

async function main() {
  const started = Date.now();
  actionsKey = buildActionsKey();
  await dropLeftoverDatabases();
  await adminQuery(`create database "${databaseName}"`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  log(`database ${databaseName} created`);

  // The proxy first, as a load balancer is there before the instances: their health checks call
  // the embedded wallet through APP_URL, which is the proxy.
  const proxy = await startRoundRobinProxy({ port: basePort, upstreamPorts: instancePorts });
  // Both at once, as a deployment starts them: the migrations' advisory lock lets one migrate.
  await Promise.all([startInstance(0), startInstance(1)]);
  const info: ClusterInfo = {
    proxyUrl,
    instanceUrls: instancePorts.map((port) => `http://localhost:${port}`),
    controlUrl: `http://127.0.0.1:${basePort + 3}`,
    databaseUrl: databaseUrl(databaseName),
    callbackSecret: secrets.CALLBACK_SECRET,
    walletToken: secrets.WALLET_API_TOKEN,
  };
  writeFileSync(path.join(dataDir, "cluster.json"), JSON.stringify(info, null, 2), { mode: 0o600 });

  const control = http.createServer((request, response) => {
    const answer = (status: number, body: unknown) =>
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    const url = new URL(request.url ?? "/", "http://control");
    const instanceMatch = /^\/instances\/(\d)\/(kill|terminate|start)$/.exec(url.pathname);
    const run = async () => {
      if (request.method === "GET" && url.pathname === "/ready") return answer(200, { ready: true });
      if (request.method === "GET" && url.pathname === "/served") {
        return answer(200, proxy.served.slice(Number(url.searchParams.get("from") ?? 0)));
      }
      if (request.method === "GET" && url.pathname === "/served/count") return answer(200, { count: proxy.served.length });
      if (request.method === "POST" && instanceMatch && Number(instanceMatch[1]) < instances.length) {
        const index = Number(instanceMatch[1]);
        if (instanceMatch[2] === "terminate") return answer(200, await terminateInstance(index));
        if (instanceMatch[2] === "kill") await killInstance(index);
        else await startInstance(index);
        return answer(200, { ok: true });
      }
      if (request.method === "POST" && url.pathname === "/instances/start-all") {
        await Promise.all(instances.map((_, index) => startInstance(index)));
        return answer(200, { ok: true });
      }
      return answer(404, { error: "unknown control request" });
    };
    run().catch((error: Error) => answer(500, { error: error.message }));
  });
  await new Promise<void>((resolve) => control.listen(basePort + 3, "127.0.0.1", resolve));
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s: proxy ${proxyUrl} → instances ${instancePorts.join(", ")}`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    control.close();
    await proxy.close().catch(() => {});
    await Promise.all(instances.map((_, index) => killInstance(index)));
    await adminQuery(`drop database if exists "${databaseName}" with (force)`).catch((error: Error) =>
      console.error(`could not drop ${databaseName}: ${error.message}`),
    );
    rmSync(dataDir, { recursive: true, force: true });
    log("stopped; database dropped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

main().catch(async (error: Error) => {
  console.error(`scale-out cluster could not start: ${error.message}`);
  await Promise.all(instances.map((_, index) => killInstance(index)));
  await adminQuery(`drop database if exists "${databaseName}" with (force)`).catch(() => {});
  process.exit(1);
});
