import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./e2e/support/browser";
import { scaleOutSettings } from "./e2e/scale-out/settings";

// Two instances of one production build on one PostgreSQL database, behind a round-robin proxy
// (e2e/scale-out/cluster.ts starts all of it): the first-run setup, the core journeys and the
// callback chaos test run against the proxy's URL. `bash scripts/e2e-scale-out.sh` runs it after
// `next build`; without a PostgreSQL URL every spec is skipped with the reason.
const { serverUrl, port } = scaleOutSettings();
// The shared e2e helpers (saved admin session, authenticators, callServerAction) key their files
// and base URL on E2E_PORT: here that is the proxy's port, so nothing collides with the other groups.
process.env.E2E_PORT = String(port);

export default defineConfig({
  testDir: "./e2e",
  outputDir: `test-results/scale-out-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    // The same first-run spec as the single-instance suite, through the proxy.
    { name: "first-run", testMatch: serverUrl ? /first-run\.setup\.ts/ : /^$/ },
    // *.scale-out.ts, not *.spec.ts: the single-instance config (playwright.config.ts) must not pick them up.
    { name: "scale-out", testMatch: /scale-out\/.*\.scale-out\.ts/, dependencies: serverUrl ? ["first-run"] : [] },
  ],
  webServer: serverUrl
    ? {
        command: "node --import tsx e2e/scale-out/cluster.ts",
        // The control server answers once the database, both instances and the proxy are up.
        url: `http://127.0.0.1:${port + 3}/ready`,
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: "pipe",
        stderr: "pipe",
        gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
      }
    : undefined,
});
