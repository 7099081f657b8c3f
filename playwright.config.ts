import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./e2e/support/browser";

// End-to-end tests drive Debian's Chromium headless shell (e2e/support/browser.ts) against a production build (`next start`, through
// scripts/e2e-server.mjs) with a fresh embedded database in .data-e2e-<port>/, or a fresh PostgreSQL
// database with E2E_DATABASE_URL (scripts/e2e.sh sets it for groups B and C when PostgreSQL is
// there).
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const e2eBaseUrl = `http://localhost:${e2ePort}`;
export const e2eDataDir = `.data-e2e-${e2ePort}`;

export default defineConfig({
  testDir: "./e2e",
  outputDir: `test-results/${e2ePort}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: e2eBaseUrl,
    // No trace by default: recording one for every test (kept only on failure) cost a tenth of the
    // suite's CPU again after its screencast went (measured on the cash-in spec: 31-34 CPU-s with
    // DOM snapshots, 28.5-29.3 without), and CI keeps only the printed output. To debug a failure,
    // run the spec again with `--trace retain-on-failure` (or `on`) and open it with `npx playwright show-trace`.
    trace: "off",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: "first-run", testMatch: /first-run\.setup\.ts/ },
    { name: "app", testMatch: /.*\.spec\.ts/, dependencies: ["first-run"] },
    // The docs' screenshots (`npm run screenshots`): pictures, not checks (the phone-and-language walk
    // checks every page's heading), so not part of `npm test`.
    { name: "screenshots", testMatch: /screenshots\.docs\.ts/, dependencies: ["first-run"] },
  ],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `${e2eBaseUrl}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      E2E_PORT: String(e2ePort),
      APP_URL: e2eBaseUrl,
      PGLITE_DATA_DIR: `${e2eDataDir}/pglite`,
      EMBEDDED_SECRETS_FILE: `${e2eDataDir}/secrets.json`,
      LOG_LEVEL: "warn",
      // The callbacks spec resends to a test receiver on 127.0.0.1 (see README, "Web hardening").
      OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "true",
      // Alert checks every 2 s, so e2e/overview-alerts.spec.ts sees an alert without waiting a minute.
      ALERT_CHECK_INTERVAL_MS: "2000",
      // As behind one load balancer: lets tests act from different client addresses (sign-in limits).
      TRUSTED_PROXY_HOPS: "1",
    },
  },
});
