// The standalone smoke test (issue 31): copies Next's standalone output ALONE (plus .next/static
// and public/, as the Dockerfile does) to an empty temp directory, outside the repository and its
// node_modules, starts `node server.js` there on a free port with a fresh embedded database, and
// checks what a deployment needs: the server gets ready (worker file, PGlite's WASM and both
// migrations folders found), the setup and sign-in pages render with their static assets, and a
// sandbox cash-in paid through the sandbox API reaches the callback receiver, which stores it; then
// the image's backup and restore tools (scripts/*.mjs, bundled by `npm run build:ops-scripts`) run
// from the copy: a backup of the serving database, restored into an empty directory.
// Run after `next build`: `npx tsx scripts/standalone-smoke.ts` (scripts/test.sh does).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { check, checkService, type ServiceSecrets } from "./support/service-checks";

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
  for (const file of ["lib/db/pglite-worker.mjs", "lib/db/pglite-named-statements.mjs", "docs/payouts-example.csv"]) {
    check(existsSync(path.join(target, file)), `the standalone output lacks ${file} (next.config.mjs, outputFileTracingIncludes)`);
  }
  // Only production files: a tracing regression ("the whole project is traced") copies sources and tests.
  for (const unwanted of ["e2e", "test", "lib/db/client.ts", "node_modules/vitest", "node_modules/typescript"]) {
    check(!existsSync(path.join(target, unwanted)), `the standalone output holds ${unwanted}: tracing pulled in the whole project`);
  }
}

async function main() {
  const root = mkdtempSync(path.join(tmpdir(), "wallet-standalone-"));
  const appDir = path.join(root, "app");
  const dataDir = path.join(root, "data");
  let server: ChildProcess | undefined;
  const output: string[] = [];
  try {
    assembleCopy(appDir);
    step(`copied the standalone output to ${appDir}`);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // A clean environment: nothing from the repository's shell (NODE_PATH, .env) reaches the copy.
    server = spawn(process.execPath, ["server.js"], {
      cwd: appDir,
      env: {
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
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const stream of [server.stdout!, server.stderr!]) stream.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    const running = server;

    // The checks every deployment passes (scripts/support/service-checks.ts; the image smoke test runs them too).
    await checkService({
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
    const restored = tool("restore", [archive], path.join(root, "restored"));
    check(/\d+ migrations, 0 transactions, 0 operators/.test(restored), `the restore did not report the restored database:\n${restored}`);
    step("scripts/backup.mjs took a backup from the serving copy; scripts/restore.mjs restored it into an empty directory");
    console.log(`[standalone-smoke] passed in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  } catch (error) {
    console.error(`[standalone-smoke] FAILED: ${(error as Error).message}`);
    if (output.length) console.error(`[standalone-smoke] server output:\n${output.join("").slice(-4000)}`);
    process.exitCode = 1;
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      const killTimer = setTimeout(() => server!.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(killTimer);
    }
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
