// A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB_KIND=postgres) a
// new database created on the server at TEST_DATABASE_URL and dropped afterwards. Both start from
// the run's migrated template when there is one (test/support/database-templates.ts).
import { pgliteDump, pgliteTemplate, postgresTemplate } from "@/test/support/database-templates";
import { takePooledPglite } from "@/test/support/pglite-pool";
import { createScratchPostgresDatabase } from "@/test/support/scratch-postgres";
import { type Database, type DatabaseConnection, driverOf, openDatabase } from "@/lib/db/client";
import { dashboardMigrations } from "@/test/support/dashboard-migrations";

export { dashboardMigrations };

export type TestDatabase = DatabaseConnection & { dispose: () => Promise<void> };

export async function openTestDatabase(options: { dataDir?: string } = {}): Promise<TestDatabase> {
  if (process.env.TEST_DB_KIND === "postgres") {
    const template = postgresTemplate("dashboard");
    const scratch = await createScratchPostgresDatabase("wallet_test", { template });
    const connection = await openDatabase({ kind: "postgres", url: scratch.url, connectTimeoutMs: 5_000 });
    if (!template) await connection.migrate(dashboardMigrations.folder, dashboardMigrations.table);
    return {
      ...connection,
      dispose: async () => {
        await connection.close();
        await scratch.drop();
      },
    };
  }
  // A caller's own folder is opened and migrated as before; the template is for in-memory ones.
  const template = options.dataDir === undefined ? pgliteTemplate("dashboard") : undefined;
  if (template) {
    // One restored earlier and reset, when a previous file released one (test/support/pglite-pool.ts).
    const pooled = await takePooledPglite(template.dump, () => pgliteDump(template));
    const connection = await openDatabase({ kind: "pglite", dataDir: "memory://" }, { pgliteOpen: pooled });
    return { ...connection, dispose: () => connection.close() };
  }
  const connection = await openDatabase({ kind: "pglite", dataDir: options.dataDir ?? "memory://" });
  await connection.migrate(dashboardMigrations.folder, dashboardMigrations.table);
  return { ...connection, dispose: () => connection.close() };
}

/**
 * Another writer on the same database, as another instance of the dashboard would be: a second pool
 * on PostgreSQL; on PGlite, which has one connection, the same database (its writers then take turns).
 */
export async function openSecondWriter(database: DatabaseConnection): Promise<{ db: Database; close: () => Promise<void> }> {
  const driver = driverOf(database.db);
  if (driver.kind !== "postgres") return { db: database.db, close: async () => {} };
  const other = await openDatabase({ kind: "postgres", url: String(driver.pool.options.connectionString), connectTimeoutMs: 5_000 });
  return { db: other.db, close: other.close };
}
