// A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB_KIND=postgres) a
// new database created on the server at TEST_DATABASE_URL and dropped afterwards.
import path from "node:path";
import { createScratchPostgresDatabase } from "@/test/support/scratch-postgres";
import { openDatabase, type DatabaseConnection } from "@/lib/db/client";

export const dashboardMigrations = { folder: path.resolve(import.meta.dirname, "../../lib/db/migrations"), table: "__drizzle_migrations" };

export type TestDatabase = DatabaseConnection & { dispose: () => Promise<void> };

export async function openTestDatabase(options: { dataDir?: string } = {}): Promise<TestDatabase> {
  if (process.env.TEST_DB_KIND === "postgres") {
    const scratch = await createScratchPostgresDatabase("wallet_test");
    const connection = await openDatabase({ kind: "postgres", url: scratch.url, connectTimeoutMs: 5_000 });
    await connection.migrate(dashboardMigrations.folder, dashboardMigrations.table);
    return {
      ...connection,
      dispose: async () => {
        await connection.close();
        await scratch.drop();
      },
    };
  }
  const connection = await openDatabase({ kind: "pglite", dataDir: options.dataDir ?? "memory://" });
  await connection.migrate(dashboardMigrations.folder, dashboardMigrations.table);
  return { ...connection, dispose: () => connection.close() };
}
