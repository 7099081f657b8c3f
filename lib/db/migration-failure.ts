// Turns a failed drizzle migration run into an error naming the migration file, for the message
// the server exits with. Drizzle applies every pending migration of a folder in one transaction, so
// a failure leaves the database as it was; its own error names only the SQL statement.
import { readFileSync } from "node:fs";
import path from "node:path";

export class MigrationFailedError extends Error {
  constructor(
    message: string,
    /** The file whose statement failed (`0007_name.sql`), or undefined when it could not be told. */
    readonly migrationFile: string | undefined,
  ) {
    super(message);
    this.name = "MigrationFailedError";
  }
}

/** Runs `migrate` (one folder's migrations); a failure is rethrown as a MigrationFailedError. */
export async function runMigrationsNamingFailure(migrationsFolder: string, migrate: () => Promise<void>): Promise<void> {
  try {
    await migrate();
  } catch (error) {
    throw describeMigrationFailure(error, migrationsFolder);
  }
}

export function describeMigrationFailure(error: unknown, migrationsFolder: string): MigrationFailedError {
  // Drizzle's DrizzleQueryError carries the failed statement as `query` and the database's error as `cause`.
  const failedStatement = (error as { query?: unknown }).query;
  const cause = ((error as { cause?: unknown }).cause ?? error) as { message?: string; code?: string };
  const reason = cause.message || cause.code || String(error);
  const file = typeof failedStatement === "string" ? migrationFileContaining(migrationsFolder, failedStatement) : undefined;
  const folder = path.relative(process.cwd(), migrationsFolder) || migrationsFolder;
  const what = file ? `Migration ${file} (in ${folder})` : `A migration in ${folder}`;
  return new MigrationFailedError(
    `${what} failed: ${reason}\n` +
      "The pending migrations run in one transaction, so none of them was applied and the database is as it was. " +
      "Fix the migration, or go back to the previous version of the app (docs/deploy.md, Upgrades and rollback).",
    file,
  );
}

/** The last migration of the journal with this exact statement (the later ones are the pending ones). */
function migrationFileContaining(migrationsFolder: string, statement: string): string | undefined {
  try {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: Array<{ tag: string }>;
    };
    let found: string | undefined;
    for (const { tag } of journal.entries) {
      // Split as drizzle's readMigrationFiles does, so the statement text compares equal.
      const statements = readFileSync(path.join(migrationsFolder, `${tag}.sql`), "utf8").split("--> statement-breakpoint");
      if (statements.includes(statement)) found = `${tag}.sql`;
    }
    return found;
  } catch {
    return undefined; // The folder could not be read again: the message still gives the reason.
  }
}
