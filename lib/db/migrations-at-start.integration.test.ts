// Migrations as the server applies them at start (lib/db/client.ts): on PostgreSQL two instances
// starting together on a fresh database apply each migration once (advisory lock); on both
// databases a failing migration leaves the database as it was and the error names its file.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseConnection } from "@/lib/db/client";
import { MigrationFailedError } from "@/lib/db/migration-failure";
import { sandboxWalletMigrations } from "@/lib/sandbox-wallet";
import { createScratchPostgresDatabase, type ScratchPostgresDatabase } from "@/test/support/scratch-postgres";
import { dashboardMigrations, openTestDatabase } from "@/test/support/test-database";

const onPostgres = process.env.TEST_DB_KIND === "postgres";
const sandboxMigrations = {
  folder: path.resolve(import.meta.dirname, "../..", sandboxWalletMigrations.directory),
  table: sandboxWalletMigrations.table,
};

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A new connection (a new "instance") to a fresh, empty PostgreSQL database. */
async function freshPostgresDatabase(): Promise<{ open: () => Promise<DatabaseConnection> }> {
  const scratch: ScratchPostgresDatabase = await createScratchPostgresDatabase("wallet_migrate");
  cleanups.push(scratch.drop);
  return {
    open: async () => {
      const connection = await openDatabase({ kind: "postgres", url: scratch.url, connectTimeoutMs: 5_000 });
      cleanups.push(() => connection.close());
      return connection;
    },
  };
}

function journalLength(folder: string): number {
  return (JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: unknown[] }).entries.length;
}

/** Both drivers answer `execute` with `{ rows }`; Drizzle types it per driver. */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

async function appliedMigrations(connection: DatabaseConnection, table: string): Promise<Array<{ hash: string }>> {
  return rowsOf<{ hash: string }>(await connection.db.execute(`select hash from drizzle.${table} order by id`));
}

async function userTables(connection: DatabaseConnection): Promise<string[]> {
  const result = await connection.db.execute(
    "select table_schema || '.' || table_name as name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') order by 1",
  );
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

describe.runIf(onPostgres)("two instances starting together on a database that needs migrations", () => {
  it("apply each migration once, without an error", async () => {
    const database = await freshPostgresDatabase();
    const instances = await Promise.all([database.open(), database.open(), database.open()]);
    // Each instance does what the server's start does: the dashboard's folder, then the sandbox's.
    await Promise.all(
      instances.map(async (instance) => {
        await instance.migrate(dashboardMigrations.folder, dashboardMigrations.table);
        await instance.migrate(sandboxMigrations.folder, sandboxMigrations.table);
      }),
    );
    const dashboardRows = await appliedMigrations(instances[0]!, dashboardMigrations.table);
    const sandboxRows = await appliedMigrations(instances[0]!, sandboxMigrations.table);
    expect(dashboardRows).toHaveLength(journalLength(dashboardMigrations.folder));
    expect(new Set(dashboardRows.map((row) => row.hash)).size).toBe(dashboardRows.length);
    expect(sandboxRows).toHaveLength(journalLength(sandboxMigrations.folder));
    expect(new Set(sandboxRows.map((row) => row.hash)).size).toBe(sandboxRows.length);
  });
});

describe("a failing migration", () => {
  it("leaves the database as it was, and the error names the migration file", async () => {
    // A database at the current version (a copy of the run's migrated template).
    const connection = await openTestDatabase();
    cleanups.push(connection.dispose);
    const tablesBefore = await userTables(connection);
    const appliedBefore = await appliedMigrations(connection, dashboardMigrations.table);

    // The real folder plus two new migrations: one that works, then one that fails half-way.
    const folder = mkdtempSync(path.join(tmpdir(), "wallet-migrations-"));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    cpSync(dashboardMigrations.folder, folder, { recursive: true });
    const journalPath = path.join(folder, "meta/_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ idx: number; when: number; tag: string }> };
    const last = journal.entries.at(-1)!;
    const added = [
      { tag: "9001_deploy_test_good", sql: 'CREATE TABLE "deploy_test_good" ("id" integer);' },
      {
        tag: "9002_deploy_test_broken",
        sql: 'CREATE TABLE "deploy_test_broken" ("id" integer);\n--> statement-breakpoint\nALTER TABLE "no_such_table" ADD COLUMN "x" integer;',
      },
    ];
    added.forEach((migration, index) => {
      writeFileSync(path.join(folder, `${migration.tag}.sql`), migration.sql);
      journal.entries.push({ ...last, idx: last.idx + index + 1, when: last.when + index + 1, tag: migration.tag });
    });
    writeFileSync(journalPath, JSON.stringify(journal));

    const failure = await connection.migrate(folder, dashboardMigrations.table).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(MigrationFailedError);
    expect((failure as MigrationFailedError).migrationFile).toBe("9002_deploy_test_broken.sql");
    expect((failure as Error).message).toMatch(/^Migration 9002_deploy_test_broken\.sql \(in .+\) failed: .*no_such_table/);

    expect(await userTables(connection)).toEqual(tablesBefore);
    expect(await appliedMigrations(connection, dashboardMigrations.table)).toEqual(appliedBefore);
  });
});
