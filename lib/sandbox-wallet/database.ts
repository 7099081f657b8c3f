// The database the sandbox wallet runs on: any Drizzle PostgreSQL database (PGlite or
// node-postgres) on which its migrations (./migrations, journal table below) have been applied.
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

// `any`: the host's relational schema is irrelevant here: only the query builder is used.
// biome-ignore lint/suspicious/noExplicitAny: any host schema is accepted (see above)
export type SandboxDatabase = PgDatabase<PgQueryResultHKT, any>;

/** Where the generated migrations live, relative to the project root, and their journal table. */
export const sandboxWalletMigrations = {
  directory: "lib/sandbox-wallet/migrations",
  table: "__drizzle_sandbox_migrations",
} as const;
