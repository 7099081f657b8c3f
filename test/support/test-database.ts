// A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB_KIND=postgres) a
// new database created on the server at TEST_DATABASE_URL and dropped afterwards.
import path from "node:path";
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { openDatabase, type DatabaseConnection } from "@/lib/db/client";

export const dashboardMigrations = { folder: path.resolve(import.meta.dirname, "../../lib/db/migrations"), table: "__drizzle_migrations" };

export type TestDatabase = DatabaseConnection & { dispose: () => Promise<void> };

export async function openTestDatabase(options: { dataDir?: string } = {}): Promise<TestDatabase> {
  if (process.env.TEST_DB_KIND === "postgres") {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for the postgres test project");
    const name = `wallet_test_${randomBytes(6).toString("hex")}`;
    await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const connection = await openDatabase({ kind: "postgres", url: url.toString(), connectTimeoutMs: 5_000 });
    await connection.migrate(dashboardMigrations.folder, dashboardMigrations.table);
    return {
      ...connection,
      dispose: async () => {
        await connection.close();
        await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
      },
    };
  }
  const connection = await openDatabase({ kind: "pglite", dataDir: options.dataDir ?? "memory://" });
  await connection.migrate(dashboardMigrations.folder, dashboardMigrations.table);
  return { ...connection, dispose: () => connection.close() };
}

async function withAdminClient<T>(url: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
