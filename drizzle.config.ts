import { defineConfig } from "drizzle-kit";

// The dashboard's own tables. Migrations are generated from the schema (`npm run db:generate`)
// and applied at server start. The sandbox wallet keeps its own schema and migrations
// (drizzle.sandbox.config.ts): it is a separate service that happens to share the database.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema/index.ts",
  out: "./lib/db/migrations",
});
