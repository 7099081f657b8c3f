import { defineConfig } from "drizzle-kit";

// The embedded sandbox wallet's tables (schema `sandbox_wallet`). It is a separate service that
// shares the database, so it keeps its own migrations (`npm run db:generate:sandbox`), applied
// with their own journal table `__drizzle_sandbox_migrations`.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/sandbox-wallet/schema.ts",
  out: "./lib/sandbox-wallet/migrations",
  schemaFilter: ["sandbox_wallet"],
});
