// npm run stores:rotate-credentials: re-encrypts every store's wallet token sealed under an old key
// (STORE_CREDENTIALS_OLD_KEYS) with the current STORE_CREDENTIALS_KEY (lib/stores/rotate-credentials.ts),
// with the server's own settings (the environment, or the embedded secrets file). On the embedded
// database, stop the server first (one process per data directory). Prints counts and store ids, never a token.
import { getConfig } from "../lib/config";
import { openDatabase } from "../lib/db/client";
import { configuredKeyring } from "../lib/stores/keyring";
import { rotateStoreCredentials } from "../lib/stores/rotate-credentials";

async function main(): Promise<void> {
  const keyring = configuredKeyring();
  if (!keyring) {
    console.error("rotate: STORE_CREDENTIALS_KEY is not set (and no embedded secrets file provides one).");
    process.exit(2);
  }
  const connection = await openDatabase(getConfig().database);
  try {
    await connection.migrate(`${process.cwd()}/lib/db/migrations`, "__drizzle_migrations");
    const report = await rotateStoreCredentials(connection.db, keyring);
    console.log(`rotate: ${report.reencrypted} token(s) re-encrypted under key ${keyring.current.id}.`);
    for (const failure of report.failed) console.error(`rotate: store ${failure.storeId}: ${failure.reason}`);
    if (report.failed.length > 0) process.exitCode = 1;
  } finally {
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(`rotate: ${(error as Error).message}`);
  process.exit(1);
});
