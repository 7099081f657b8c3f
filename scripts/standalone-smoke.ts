// The standalone smoke test (issue 31): copies Next's standalone output ALONE (plus .next/static
// and public/, as the Dockerfile does) to an empty temp directory, outside the repository and its
// node_modules, starts `node server.js` there on a free port with a fresh embedded database, and
// checks what a deployment needs: the server gets ready (worker file, PGlite's WASM and both
// migrations folders found), the setup and sign-in pages render with their static assets, and a
// sandbox cash-in paid through the sandbox API reaches the callback receiver, which stores it; then
// the image's backup and restore tools (scripts/*.mjs, bundled by `npm run build:ops-scripts`) run
// from the copy: a backup of the serving database, restored into an empty directory. Then, the first
// server stopped, the image's start command (`node --require ./deploy/server-preload.cjs server.js`)
// twice more: on the restored directory, readiness answers 503 from the first moments of the process
// and 200 once it serves, which also shows the restored copy starting and knowing the paid cash-in;
// and on a fresh directory, a SIGTERM early in a start (as soon as readiness answers) ends it cleanly
// (exit 0), long before it would have served. One server runs at a time (CI runs this beside the end-to-end groups).
// Run after `next build`: `npx tsx scripts/standalone-smoke.ts` (scripts/test.sh does).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { check, checkService, type ServiceSecrets, sandboxTransactionStatus } from "./support/service-checks";

const repo = path.resolve(import.meta.dirname, "..");
const distDir = path.resolve(repo, process.env.NEXT_DIST_DIR || ".next");
const startedAt = Date.now();
// Generous: in CI it starts beside four end-to-end servers on two cores.
const deadlineMs = 240_000;

function step(message: string) {
  console.log(`[standalone-smoke +${((Date.now() - startedAt) / 1000).toFixed(1)}s] ${message}`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Copies what the image holds, laid out as the Dockerfile lays it out. */
function assembleCopy(target: string) {
  const standalone = path.join(distDir, "standalone");
  check(
    existsSync(path.join(standalone, "server.js")),
    `${standalone}/server.js is missing: run \`next build\` (output: "standalone") first`,
  );
  cpSync(standalone, target, { recursive: true });
  cpSync(path.join(distDir, "static"), path.join(target, path.basename(distDir), "static"), { recursive: true });
  cpSync(path.join(repo, "public"), path.join(target, "public"), { recursive: true });
  execFileSync("npm", ["run", "-s", "build:ops-scripts"], { cwd: repo, stdio: "inherit" });
  cpSync(path.join(distDir, "ops-scripts"), path.join(target, "scripts"), { recursive: true });
  // Files read by path at run time (next.config.mjs, outputFileTracingIncludes) must be there.
  for (const file of [
    "lib/db/pglite-worker.mjs",
    "lib/db/pglite-initialise.mjs",
    "lib/db/pglite-named-statements.mjs",
    "docs/payouts-example.csv",
    "deploy/server-preload.cjs",
  ]) {
    check(existsSync(path.join(target, file)), `the standalone output lacks ${file} (next.config.mjs, outputFileTracingIncludes)`);
  }
  // Only production files: a tracing regression ("the whole project is traced") copies sources and tests.
  for (const unwanted of ["e2e", "test", "lib/db/client.ts", "node_modules/vitest", "node_modules/typescript"]) {
    check(!existsSync(path.join(target, unwanted)), `the standalone output holds ${unwanted}: tracing pulled in the whole project`);
  }
}

type ServerEnv = NodeJS.ProcessEnv;

/**
 * Read-only like the image (issue #50): run as root (CI), the server runs as an unprivileged user
 * (nobody, 65534) for whom the copy is read-only (owned by root, as the Dockerfile copies it); only
 * its data directory and Next's cache are its own, as the image's /data and /app/.next/cache. A
 * write anywhere else fails the smoke test. Run as another user, it runs as that user.
 */
const unprivileged = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;

/** A directory the server may write (its data directory, Next's cache): created, and given to the server's user. */
function writableBy(dir: string): string {
  mkdirSync(dir, { recursive: true });
  if (unprivileged) chownSync(dir, unprivileged.uid, unprivileged.gid);
  return dir;
}

/** The image's command, as the Dockerfile runs it, in `appDir`. */
function startWithPreload(appDir: string, env: ServerEnv): ChildProcess {
  writableBy(path.dirname(env.PGLITE_DATA_DIR!));
  return spawn(process.execPath, ["--require", "./deploy/server-preload.cjs", "server.js"], {
    cwd: appDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    ...unprivileged,
  });
}

/** The server's environment: a clean one, nothing from the repository's shell (NODE_PATH, .env) reaches the copy. */
function serverEnv(port: number, dataDir: string): ServerEnv {
  const base = `http://127.0.0.1:${port}`;
  return {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    APP_URL: base,
    PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
    EMBEDDED_SECRETS_FILE: path.join(dataDir, "secrets.json"),
    LOG_LEVEL: "warn",
    // The embedded sandbox delivers its callbacks to this server on 127.0.0.1.
    OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "true",
  };
}

/** GET a path; the status, or undefined when the connection is refused or reset. */
async function statusOf(url: string, timeoutMs = 2_000): Promise<number | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return undefined;
  }
}

/** Stops a server with SIGTERM and waits for it (SIGKILL after 15 s). */
async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  const killTimer = setTimeout(() => server.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(killTimer);
}

/**
 * Readiness while starting (issue #50), on the restored copy: from the moment the process is
 * spawned, /api/health/ready is polled every 5 ms; the first answer must be a 503 (not a request held
 * until the start is over), and it turns 200 once the server serves; the restored database knows the
 * cash-in paid before the backup. Returns the milliseconds from spawn to the first 503.
 */
async function checkReadinessFromStart(appDir: string, restoredDir: string, cashInId: string): Promise<number> {
  const port = await freePort();
  // The restore ran as this user; the server may run as another (uid 65534).
  if (unprivileged) execFileSync("chown", ["-R", `${unprivileged.uid}:${unprivileged.gid}`, restoredDir]);
  const spawnedAt = performance.now();
  const child = startWithPreload(appDir, serverEnv(port, restoredDir));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    let firstAnswer: { status: number; afterMs: number } | undefined;
    while (!firstAnswer && performance.now() - spawnedAt < 30_000) {
      const status = await statusOf(`http://127.0.0.1:${port}/api/health/ready`);
      if (status !== undefined) firstAnswer = { status, afterMs: performance.now() - spawnedAt };
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }
    check(firstAnswer?.status === 503, `readiness while starting answered ${firstAnswer?.status} (expected 503 first)`);
    const deadline = Date.now() + deadlineMs;
    let ready = false;
    while (!ready && Date.now() < deadline) {
      ready = (await statusOf(`http://127.0.0.1:${port}/api/health/ready`)) === 200;
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    check(ready, "readiness never turned 200 after the start");
    // A page's first render after a start can take seconds on CI's busy cores: not a probe's 2 s.
    check((await statusOf(`http://127.0.0.1:${port}/sign-in`, 30_000)) === 200, "the sign-in page does not render after the start");
    const secrets = JSON.parse(readFileSync(path.join(restoredDir, "secrets.json"), "utf8")) as ServiceSecrets;
    const status = await sandboxTransactionStatus(`http://127.0.0.1:${port}`, secrets, cashInId);
    check(status === "SUCCEED", `the restored copy's sandbox says the paid cash-in is ${status}, not SUCCEED`);
    return firstAnswer!.afterMs;
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

/**
 * A SIGTERM early in a start (as soon as the preload answers readiness): the process exits by itself, with code 0. It may first finish
 * opening and migrating the database (never stopped half-way), which takes seconds alone and over 15 s
 * on CI's two busy cores (the end-to-end groups start beside it), so it gets the start's own deadline.
 */
async function checkSigtermWhileStarting(appDir: string, root: string): Promise<number> {
  const port = await freePort();
  const child = startWithPreload(appDir, serverEnv(port, path.join(root, "data-sigterm")));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  // Once the preload answers (its SIGTERM handler is in place): on a loaded machine, a second after
  // spawn can still be before that, and Node's default SIGTERM kills the process (signal, no exit code).
  const spawnedAt = Date.now();
  while (Date.now() - spawnedAt < 30_000 && (await statusOf(`http://127.0.0.1:${port}/api/health/ready`)) === undefined) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const signalledAt = Date.now();
  child.kill("SIGTERM");
  const killTimer = setTimeout(() => child.kill("SIGKILL"), deadlineMs);
  const { code, signal } = await exited;
  clearTimeout(killTimer);
  const tookMs = Date.now() - signalledAt;
  check(
    code === 0 && signal === null,
    `SIGTERM at +${signalledAt - spawnedAt} ms of start: exit code ${code}, signal ${signal} after ${tookMs} ms (expected a clean exit, 0)`,
  );
  return tookMs;
}

async function main() {
  const root = mkdtempSync(path.join(tmpdir(), "wallet-standalone-"));
  const appDir = path.join(root, "app");
  const dataDir = path.join(root, "data");
  let server: ChildProcess | undefined;
  const output: string[] = [];
  try {
    assembleCopy(appDir);
    // The temporary root is 0700: let the server's user in (to read the copy, not to write it).
    chmodSync(root, 0o755);
    writableBy(path.join(appDir, path.basename(distDir), "cache"));
    step(
      `copied the standalone output to ${appDir}${unprivileged ? " (read-only for the server: it runs as uid 65534, its data directory and Next's cache its own)" : ""}`,
    );
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The image's command, preload included.
    server = startWithPreload(appDir, serverEnv(port, dataDir));
    for (const stream of [server.stdout!, server.stderr!]) stream.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    const running = server;

    // The checks every deployment passes (scripts/support/service-checks.ts; the image smoke test runs them too).
    const cashInId = await checkService({
      base,
      readSecrets: () => JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as ServiceSecrets,
      assertRunning: () => check(running.exitCode === null, `the server exited (code ${running.exitCode})`),
      deadlineMs,
      startedAt,
      log: step,
    });

    // The image's backup tool, from the copy, while the server serves; then restored elsewhere.
    const tool = (script: string, args: string[], dir: string) =>
      execFileSync(process.execPath, [`scripts/${script}.mjs`, ...args], {
        cwd: appDir,
        encoding: "utf8",
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          PGLITE_DATA_DIR: path.join(dir, "pglite"),
          EMBEDDED_SECRETS_FILE: path.join(dir, "secrets.json"),
        },
      });
    const archive = path.join(root, "backups/smoke.tar.gz");
    const backedUp = tool("backup", ["--out", archive], dataDir);
    check(
      backedUp.includes("from the running server") && existsSync(`${archive}.secrets.json`),
      `the backup did not come from the server:\n${backedUp}`,
    );
    const restoredDir = path.join(root, "restored");
    const restored = tool("restore", [archive], restoredDir);
    check(/\d+ migrations, 0 transactions, 0 operators/.test(restored), `the restore did not report the restored database:\n${restored}`);
    step("scripts/backup.mjs took a backup from the serving copy; scripts/restore.mjs restored it into an empty directory");
    await stop(server);
    const firstAnswerMs = await checkReadinessFromStart(appDir, restoredDir, cashInId);
    step(
      `the restored copy started: with the preload, /api/health/ready answered 503 ${firstAnswerMs.toFixed(0)} ms after spawn, then 200 once serving, and it knows the paid cash-in`,
    );
    const stoppedAfterMs = await checkSigtermWhileStarting(appDir, root);
    step(`a SIGTERM early in a start (once readiness answered) ended it cleanly (exit 0, ${stoppedAfterMs} ms after the signal)`);
    console.log(`[standalone-smoke] passed in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  } catch (error) {
    console.error(`[standalone-smoke] FAILED: ${(error as Error).message}`);
    if (output.length) console.error(`[standalone-smoke] server output:\n${output.join("").slice(-4000)}`);
    process.exitCode = 1;
  } finally {
    if (server) await stop(server);
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
