// Where the dashboard's migrations live, for tests and scripts (no Vitest import: benchmarks load it too).
import path from "node:path";

export const dashboardMigrations = { folder: path.resolve(import.meta.dirname, "../../lib/db/migrations"), table: "__drizzle_migrations" };
