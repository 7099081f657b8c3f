// npm run migrate (in the image: `node scripts/migrate.mjs`): applies the dashboard's migrations to
// PostgreSQL (DATABASE_URL) and exits. The server applies them at start as well, under the same
// advisory lock, so this is not required; it exists so that a rollout (the Kubernetes migration Job,
// deploy/k8s/migration-job.yaml) can migrate once, before any new pod starts, and stop the rollout
// when a migration fails instead of leaving pods in a crash loop. Reads DATABASE_URL (or
// DATABASE_URL_FILE through the image's entrypoint) and DATABASE_CONNECT_TIMEOUT_MS like the server.
import path from "node:path";
import { openDatabase } from "../lib/db/client";

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("migrate: DATABASE_URL is not set (the embedded database migrates itself when the server starts).");
    process.exit(2);
  }
  const connectTimeoutMs = Number(process.env.DATABASE_CONNECT_TIMEOUT_MS ?? "5000");
  const connection = await openDatabase({ kind: "postgres", url, connectTimeoutMs });
  try {
    const started = Date.now();
    await connection.migrate(path.join(process.cwd(), "lib/db/migrations"), "__drizzle_migrations");
    console.log(`migrate: the dashboard's migrations are applied (${Date.now() - started} ms).`);
  } finally {
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(`migrate: ${(error as Error).message}`);
  process.exit(1);
});
