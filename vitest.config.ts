import path from "node:path";
import { defineConfig } from "vitest/config";
import LongestFirstSequencer from "./test/support/longest-first-sequencer";

// Unit tests run once. Integration tests (*.integration.test.ts) run against embedded PGlite, and
// again against PostgreSQL when TEST_DATABASE_URL is set (CI sets it). Each integration project's
// globalSetup migrates a template once per run, which every test file's database is copied from.
const alias = {
  "@": path.resolve(import.meta.dirname),
  // `server-only` throws outside Next's server bundle; tests are server code, so it is a no-op here.
  "server-only": path.resolve(import.meta.dirname, "test/support/server-only-stub.ts"),
};

const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker on two cores (cores - 1): the files ran one at a time and the
    // integration files mostly wait on a database or a timer. Since files share their workers
    // (isolate: false below: no re-import per file) a file costs far less CPU, and with two workers
    // a file was running on 1.2 of them on average in CI (the rest: imports, collection, waits),
    // so three keep the cores busier; each file still has its own database.
    maxWorkers: 3,
    // PGlite, PostgreSQL, then unit, the longest files of each first (test/support/longest-first-sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          isolate: false,
          setupFiles: ["test/support/fresh-process-state.setup.ts"],
          include: ["**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "node_modules/**", "e2e/**", ".next*/**", ".data*/**"],
          environment: "node",
          env: { LOG_LEVEL: "warn" },
          // A few unit files start PGlite (a WASM Postgres) in their hooks: seconds on a busy machine
          // (CI runs this lane beside the end-to-end groups).
          hookTimeout: 60_000,
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "pglite",
          include: ["**/*.integration.test.ts"],
          exclude: ["node_modules/**", "e2e/**", ".next*/**", ".data*/**"],
          environment: "node",
          env: { TEST_DB_KIND: "pglite", LOG_LEVEL: "warn" },
          isolate: false,
          setupFiles: [
            "test/support/fresh-process-state.setup.ts",
            "test/support/next-request-mock.ts",
            "test/support/log-capture.setup.ts",
          ],
          globalSetup: ["test/support/pglite-templates.global-setup.ts", "test/support/log-scan.global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              resolve: { alias },
              test: {
                name: "postgres",
                include: ["**/*.integration.test.ts"],
                exclude: ["node_modules/**", "e2e/**", ".next*/**", ".data*/**"],
                environment: "node",
                env: { TEST_DB_KIND: "postgres", LOG_LEVEL: "warn" },
                isolate: false,
                setupFiles: [
                  "test/support/fresh-process-state.setup.ts",
                  "test/support/next-request-mock.ts",
                  "test/support/log-capture.setup.ts",
                ],
                globalSetup: ["test/support/postgres-templates.global-setup.ts", "test/support/log-scan.global-setup.ts"],
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
