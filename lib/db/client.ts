// The database handle: embedded PGlite by default, PostgreSQL (node-postgres) when DATABASE_URL
// is set. Both are Drizzle PgDatabase instances, so queries and tests are the same on both.
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import { runMigrationsNamingFailure } from "./migration-failure";
import * as schema from "./schema";
import { traceNodePostgresPool, tracePglite } from "./statement-spans";

/** The PostgreSQL advisory lock (session level) that migrators take one at a time, both folders alike. */
export const migrationLockKey = 4242001;

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseSettings =
  /** `worker`: run an on-disk PGlite in a worker thread (lib/db/pglite-in-worker.ts); in memory it always shares the thread. */
  { kind: "pglite"; dataDir: string; worker?: boolean } | { kind: "postgres"; url: string; connectTimeoutMs: number };

export type DatabaseConnection = {
  db: Database;
  kind: DatabaseSettings["kind"];
  /** Applies the given drizzle migrations folder (the dashboard's, or the sandbox wallet's). */
  migrate: (migrationsFolder: string, migrationsTable: string) => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * The driver behind a Drizzle handle, for the few paths that talk to it directly: LISTEN, the
 * callback receiver's prepared write, and PGlite's same-thread connection taking turns.
 */
export function driverOf(db: Database): { kind: "pglite"; client: PGlite; inWorker: boolean } | { kind: "postgres"; pool: Pool } {
  const client = (db as unknown as { $client: PGlite | Pool }).$client;
  if (!("waitReady" in client)) return { kind: "postgres", pool: client };
  return { kind: "pglite", client, inWorker: "inWorker" in client };
}

export class DatabaseUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DatabaseUnavailableError";
  }
}

/**
 * Tests only: an in-memory PGlite starts from this dump (`dumpDataDir`) instead of an empty cluster,
 * or is one already open (test/support/pglite-pool.ts), which `close` gives back instead of closing.
 */
export type OpenDatabaseOptions = {
  pgliteInitialData?: Blob;
  pgliteOpen?: { client: import("@electric-sql/pglite").PGlite; release: () => Promise<void> };
};

/** Opens a connection and checks that it answers. Throws with a message that names the setting. */
export async function openDatabase(settings: DatabaseSettings, options: OpenDatabaseOptions = {}): Promise<DatabaseConnection> {
  if (settings.kind === "pglite" && options.pgliteOpen) return pgliteConnection(options.pgliteOpen.client, options.pgliteOpen.release);
  if (settings.kind === "pglite") return openPglite(settings.dataDir, options.pgliteInitialData, settings.worker ?? false);
  return openPostgres(settings.url, settings.connectTimeoutMs);
}

async function openPglite(dataDir: string, initialData: Blob | undefined, inWorker: boolean): Promise<DatabaseConnection> {
  const { acquirePgliteLock } = await import("./pglite-lock");
  const { PGlite } = await import("@electric-sql/pglite");
  const inMemory = dataDir === ":memory:" || dataDir.startsWith("memory://");
  const releaseLock = inMemory ? () => {} : acquirePgliteLock(dataDir);
  let client: InstanceType<typeof PGlite> | undefined;
  try {
    if (!inMemory) await initialiseInPassingProcess(dataDir);
    if (inMemory) client = new PGlite(initialData ? { loadDataDir: initialData } : undefined);
    else if (inWorker) {
      const { PgliteInWorker } = await import("./pglite-in-worker");
      // The same interface for what Drizzle and this code use (see pglite-in-worker.ts).
      client = new PgliteInWorker(dataDir) as unknown as InstanceType<typeof PGlite>;
    } else {
      const { pgliteServerOptions } = await import("./pglite-options.mjs");
      client = new PGlite(dataDir, pgliteServerOptions);
    }
    await client.waitReady;
  } catch (error) {
    // A worker whose database did not open is stopped, not left running beside the error.
    await (client as { terminate?: () => Promise<unknown> } | undefined)?.terminate?.().catch(() => {});
    releaseLock();
    throw new DatabaseUnavailableError(`Could not open the embedded database in ${dataDir} (PGLITE_DATA_DIR): ${(error as Error).message}`);
  }
  const opened = client;
  return pgliteConnection(opened, async () => {
    await opened.close();
    releaseLock();
  });
}

async function pgliteConnection(
  client: InstanceType<typeof import("@electric-sql/pglite").PGlite>,
  close: () => Promise<void>,
): Promise<DatabaseConnection> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  tracePglite(client);
  const db = drizzle({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    // One process per data directory (pglite-lock.ts), so no lock between migrators is needed here.
    migrate: (migrationsFolder, migrationsTable) =>
      runMigrationsNamingFailure(migrationsFolder, () => migrate(db as never, { migrationsFolder, migrationsTable })),
    ping: async () => {
      await client.query("select 1");
    },
    close,
  };
}

/**
 * A new data directory is created (PostgreSQL's initdb) by a process that exits when it is done
 * (lib/db/pglite-initialise.mjs): the WASM instance that runs initdb grows to ~750 MiB, and what a
 * process frees the C allocator largely keeps, so initialising in the server's own process — even
 * in a worker thread that ends — left it idling ~100 MiB above a restart on the same directory.
 * Then the directory is opened as on any restart. Skipped when the script is not beside the server
 * (the standalone output ships it; a bundle without it initialises in place).
 */
async function initialiseInPassingProcess(dataDir: string): Promise<void> {
  const { existsSync } = await import("node:fs");
  const path = await import("node:path");
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return;
  const script = path.join(/* turbopackIgnore: true */ process.cwd(), "lib/db/pglite-initialise.mjs");
  if (!existsSync(script)) return;
  const { execFile } = await import("node:child_process");
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, [script, dataDir], { timeout: 120_000 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      const detail = stderr.trim().split("\n").at(-1) || error.message;
      // The script writes its reason as its last line (lib/db/pglite-initialise.mjs).
      reject(new Error(`creating the data directory failed: ${detail}`));
    });
  });
}

async function openPostgres(url: string, connectTimeoutMs: number): Promise<DatabaseConnection> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  // Idle connections are kept for a minute (pg's default closes them after 10 s): a quiet spell
  // followed by a burst otherwise reopens connections, each a new PostgreSQL backend, just when
  // the server is busiest.
  const pool = new Pool({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs, idleTimeoutMillis: 60_000, max: 10 });
  // An idle client that errors (server restart) must not crash the process.
  pool.on("error", () => {});
  traceNodePostgresPool(pool);
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => {});
    const reason = (error as Error).message || (error as NodeJS.ErrnoException).code || "unknown error";
    throw new DatabaseUnavailableError(
      `Could not connect to PostgreSQL at DATABASE_URL (${describeUrl(url)}): ${reason}. Check DATABASE_URL, or unset it to use the embedded database.`,
    );
  }
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    migrate: async (migrationsFolder, migrationsTable) => {
      // Several instances may start at once: one migrates while the others wait on the lock (held by
      // this session; the migrations run in a transaction on another connection of the pool), then
      // they find nothing left to apply.
      const lockClient = await pool.connect();
      try {
        await lockClient.query("select pg_advisory_lock($1)", [migrationLockKey]);
        await runMigrationsNamingFailure(migrationsFolder, () => migrate(db as never, { migrationsFolder, migrationsTable }));
      } finally {
        await lockClient.query("select pg_advisory_unlock($1)", [migrationLockKey]).catch(() => {});
        lockClient.release();
      }
    },
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
}

/** host:port/database, without credentials, for error messages. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname}`;
  } catch {
    return "unparseable URL";
  }
}
