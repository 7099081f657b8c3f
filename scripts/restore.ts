// npm run restore FILE [-- --force]: restores a backup made by `npm run backup` into the embedded
// database's directory (PGLITE_DATA_DIR) and its secrets (FILE.secrets.json) into
// EMBEDDED_SECRETS_FILE. Refuses a non-empty data directory, or a different secrets file, without
// --force, and always refuses while a server has the directory open (its lock). Run it with the
// server stopped, then start the server.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { acquirePgliteLock } from "../lib/db/pglite-lock";

function fail(message: string): never {
  console.error(`restore: ${message}`);
  process.exit(1);
}

async function main() {
  const { values, positionals } = parseArgs({ options: { force: { type: "boolean", default: false } }, allowPositionals: true });
  const [file] = positionals;
  if (!file || positionals.length > 1) fail("usage: npm run restore FILE [-- --force]");
  if (process.env.DATABASE_URL) fail("DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/deploy.md, Backups).");
  const archivePath = path.resolve(file);
  if (!existsSync(archivePath)) fail(`${archivePath} does not exist.`);
  const dataDir = path.resolve(process.env.PGLITE_DATA_DIR || "./.data/pglite");
  const secretsFile = path.resolve(process.env.EMBEDDED_SECRETS_FILE || "./.data/secrets.json");
  const backupSecrets = `${archivePath}.secrets.json`;

  // Every refusal before anything is changed.
  const dataDirInUse = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  if (dataDirInUse && !values.force)
    fail(`${dataDir} (PGLITE_DATA_DIR) is not empty: restore into an empty directory, or add --force to replace it.`);
  const secrets = existsSync(backupSecrets) ? readFileSync(backupSecrets, "utf8") : undefined;
  if (secrets !== undefined && existsSync(secretsFile) && readFileSync(secretsFile, "utf8") !== secrets && !values.force) {
    fail(`${secretsFile} (EMBEDDED_SECRETS_FILE) holds other secrets than the backup's: add --force to replace them.`);
  }
  // Throws (naming the process) while a server has the directory open, and keeps one from starting meanwhile.
  let release: () => void;
  try {
    release = acquirePgliteLock(dataDir);
  } catch (error) {
    fail((error as Error).message);
  }
  try {
    if (dataDirInUse) rmSync(dataDir, { recursive: true, force: true });
    const { PGlite } = await import("@electric-sql/pglite");
    const archive = new Blob([readFileSync(archivePath)], { type: "application/x-gzip" });
    const client = new PGlite(dataDir, { loadDataDir: archive });
    try {
      await client.waitReady;
      const counts = await client.query<{ migrations: number; transactions: number; operators: number; audit_events: number }>(
        `select (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
                (select count(*)::int from transactions) as transactions,
                (select count(*)::int from "user") as operators,
                (select count(*)::int from audit_events) as audit_events`,
      );
      const row = counts.rows[0]!;
      console.log(
        `restore: ${dataDir}: ${row.migrations} migrations, ${row.transactions} transactions, ${row.operators} operators, ${row.audit_events} audit events`,
      );
    } finally {
      await client.close();
    }
  } catch (error) {
    fail(`the backup could not be restored: ${(error as Error).message}`);
  } finally {
    release();
  }
  if (secrets !== undefined) {
    writeFileSync(secretsFile, secrets, { mode: 0o600 });
    console.log(`restore: ${secretsFile} (the backup's secrets)`);
  } else {
    console.warn(
      `restore: WARNING: no ${path.basename(backupSecrets)} next to the backup: start the server with the secrets it had (BETTER_AUTH_SECRET, CALLBACK_SECRET, the wallet token), or sessions end and waiting transactions' callback URLs stop verifying.`,
    );
  }
}

await main();
