// npm run backup [-- --out FILE]: a consistent snapshot of the embedded (PGlite) database, taken
// from the running server over its backup socket (lib/db/pglite-backup.ts) or, with no server
// running, from the data directory itself; plus a copy of the generated secrets file, without
// which the restored database is of little use (sessions end, and every waiting transaction's
// callback URL stops verifying). Reads PGLITE_DATA_DIR and EMBEDDED_SECRETS_FILE like the server.
// PostgreSQL (DATABASE_URL): use pg_dump (docs/deploy.md).
import { copyFileSync, existsSync, mkdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { backupSocketPath, snapshotPglite } from "../lib/db/pglite-backup";
import { acquirePgliteLock } from "../lib/db/pglite-lock";

const secretSettings = [
  "BETTER_AUTH_SECRET",
  "CALLBACK_SECRET",
  "WALLET_API_TOKEN",
  "SANDBOX_WALLET_TOKEN",
  "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY",
];

function fail(message: string): never {
  console.error(`backup: ${message}`);
  process.exit(1);
}

/** The snapshot from the server holding the data directory, or undefined when none answers on the socket. */
function snapshotFromServer(socketPath: string): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const call = request({ socketPath, path: "/snapshot", method: "POST" }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode === 200) resolve(body);
        else reject(new Error(`the server refused the snapshot (${response.statusCode}): ${body.toString("utf8")}`));
      });
    });
    call.on("error", (error: NodeJS.ErrnoException) => {
      // No socket, or one left by a server that is gone: nobody is serving the directory.
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(undefined);
      else reject(error);
    });
    call.end();
  });
}

/** No server running: open the directory (taking its lock, so a server cannot start meanwhile). */
async function snapshotOffline(dataDir: string): Promise<Buffer> {
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) fail(`there is no embedded database in ${dataDir} (PGLITE_DATA_DIR).`);
  const release = acquirePgliteLock(dataDir);
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const client = new PGlite(dataDir);
    try {
      return Buffer.from(await snapshotPglite(client));
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  if (process.env.DATABASE_URL) fail("DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/deploy.md, Backups).");
  const dataDir = path.resolve(process.env.PGLITE_DATA_DIR || "./.data/pglite");
  const secretsFile = path.resolve(process.env.EMBEDDED_SECRETS_FILE || "./.data/secrets.json");
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const out = path.resolve(values.out ?? `backups/wallet-dashboard-${stamp}.tar.gz`);
  const secretsOut = `${out}.secrets.json`;
  for (const file of [out, secretsOut]) if (existsSync(file)) fail(`${file} already exists: choose another --out.`);

  const startedAt = Date.now();
  const fromServer = await snapshotFromServer(backupSocketPath(dataDir)).catch((error: Error) => fail(error.message));
  const archive = fromServer ?? (await snapshotOffline(dataDir).catch((error: Error) => fail(error.message)));
  mkdirSync(path.dirname(out), { recursive: true });
  // The database holds payer data: readable by this user only, and complete or absent.
  writeFileSync(`${out}.partial`, archive, { mode: 0o600 });
  renameSync(`${out}.partial`, out);
  console.log(
    `backup: ${out} (${(statSync(out).size / 1024 / 1024).toFixed(1)} MiB, ${fromServer ? "from the running server" : "no server running"}, ${Date.now() - startedAt} ms)`,
  );

  if (existsSync(secretsFile)) {
    copyFileSync(secretsFile, secretsOut);
    console.log(`backup: ${secretsOut} (a copy of ${secretsFile}: the generated secrets; store it as carefully as a password)`);
  }
  const fromEnvironment = secretSettings.filter((name) => process.env[name]);
  if (fromEnvironment.length) {
    console.warn(`backup: WARNING: ${fromEnvironment.join(", ")} come from the environment and are NOT in the backup: keep them with it.`);
  }
  if (!existsSync(secretsFile) && !fromEnvironment.includes("CALLBACK_SECRET")) {
    console.warn(
      `backup: WARNING: no secrets file at ${secretsFile} (EMBEDDED_SECRETS_FILE): keep the secrets this server uses with the backup, or restored transactions' callback URLs will not verify.`,
    );
  }
}

await main();
