// Starts one end-to-end group's server (playwright.config.ts, webServer): a fresh data dir, and
// `next start` on the group's port. With E2E_DATABASE_URL (a PostgreSQL server whose user may create
// databases) the server runs on a fresh PostgreSQL database of its own (wallet_e2e_<port>) instead
// of embedded PGlite; a PostgreSQL deployment takes its secrets from settings, so they are generated
// here and written where the embedded setup keeps its own (<data dir>/secrets.json), which the
// specs that play the wallet read either way.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const port = process.env.E2E_PORT ?? "3100";
const dataDir = path.resolve(`.data-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const env = { ...process.env };
const serverUrl = process.env.E2E_DATABASE_URL;
if (serverUrl) {
  const databaseName = `wallet_e2e_${port}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${databaseName}" with (force)`);
    await admin.query(`create database "${databaseName}"`);
  } finally {
    await admin.end();
  }
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const secrets = {
    authSecret: randomBytes(32).toString("hex"),
    callbackSecret: randomBytes(32).toString("hex"),
    walletToken: `sbx_${randomBytes(24).toString("hex")}`,
    // Not required at start on PostgreSQL (docs/decisions/stores.md), but the stores spec gives a store its own wallet.
    storeCredentialsKey: randomBytes(32).toString("hex"),
  };
  writeFileSync(path.join(dataDir, "secrets.json"), JSON.stringify(secrets, null, 2), { mode: 0o600 });
  Object.assign(env, {
    DATABASE_URL: databaseUrl.toString(),
    // The groups share two saturated cores in CI: opening a connection can take longer than the 5 s default.
    DATABASE_CONNECT_TIMEOUT_MS: "20000",
    BETTER_AUTH_SECRET: secrets.authSecret,
    CALLBACK_SECRET: secrets.callbackSecret,
    WALLET_API_TOKEN: secrets.walletToken,
    STORE_CREDENTIALS_KEY: secrets.storeCredentialsKey,
  });
}

const server = spawn("npx", ["next", "start", "-p", port], { env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
