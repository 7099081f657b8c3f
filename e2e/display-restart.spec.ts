// A counter display survives a server restart: while the server is down it says "Reconectando…"
// (never a stale "Aguardando pagamento"), and once the server is back it reconnects by itself,
// shows the charge's real state and follows it live again. This test runs its own server (port
// E2E_PORT + 1100, its own embedded database seeded before start) so it can stop and restart it.
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./support/csp";
import { e2eDataDir, e2ePort } from "../playwright.config";
import { callbackBody, callbackPath, seedDisplayedCharges, type SeededDisplay } from "../test/support/display-fixtures";
import { expectNoAccessibilityViolations } from "./support/operators";

const port = e2ePort + 1100;
const baseUrl = `http://localhost:${port}`;
const dataDir = path.resolve(`${e2eDataDir}-restart`);
const callbackSecret = "restart-test-callback-secret-0123456789abcdef";

function startServer(): Promise<ChildProcess> {
  const child = spawn("npx", ["next", "start", "-p", String(port)], {
    env: {
      ...process.env,
      APP_URL: baseUrl,
      PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
      EMBEDDED_SECRETS_FILE: path.join(dataDir, "secrets.json"),
      CALLBACK_SECRET: callbackSecret,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  // Kept so a server that does not start says why in the failure.
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return (async () => {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const healthy = await fetch(`${baseUrl}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return child;
      if (child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error(`the restart test's server did not start (exit code ${child.exitCode}):\n${output.slice(-4_000)}`);
  })();
}

/** Kills the whole server (npx and next's process) at once, like a crash or a container restart:
 *  a graceful SIGTERM would keep serving the open event streams until they close. */
async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid!, "SIGKILL");
  await exited;
}

test.describe
  .serial("counter display across a server restart", () => {
    let server: ChildProcess | undefined;
    let seeded: SeededDisplay;

    test.beforeAll(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      [seeded] = (await seedDisplayedCharges({ kind: "pglite", dataDir: path.join(dataDir, "pglite") }, 1)) as [SeededDisplay];
      server = await startServer();
    });

    test.afterAll(async () => {
      if (server) await stopServer(server).catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    });

    test("the display says it is reconnecting while the server is down, then shows the right state and follows it live", async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({
        storageState: { cookies: [], origins: [] },
        baseURL: baseUrl,
        viewport: { width: 1280, height: 800 },
      });
      await context.addCookies([{ name: "wallet_display_session", value: seeded.token, url: baseUrl, httpOnly: true }]);
      const display = await context.newPage();
      await display.goto("/display");
      await expect(display.getByTestId("display-amount")).toHaveText(/10,00/);
      await expect(display.getByText("Aguardando pagamento")).toBeVisible();

      await stopServer(server!);
      server = undefined;
      await expect(display.getByText("Reconectando…").first()).toBeVisible({ timeout: 15_000 });
      await expect(display.getByText("Aguardando pagamento")).toHaveCount(0);
      await expectNoAccessibilityViolations(display);
      await display.screenshot({ path: "docs/counter-display/reconnecting.png" });

      server = await startServer();
      await expect(display.getByText("Aguardando pagamento")).toBeVisible({ timeout: 30_000 });
      await expect(display.getByText("Reconectando…")).toHaveCount(0);
      await expect(display.getByTestId("display-amount")).toHaveText(/10,00/);

      // The push works again after the restart: the callback turns the display to "Pago".
      const answer = await fetch(`${baseUrl}${callbackPath(seeded, callbackSecret)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(callbackBody(seeded, "SUCCEED")),
      });
      expect(answer.status).toBe(200);
      await expect(display.getByRole("heading", { name: "Pago" })).toBeVisible({ timeout: 5_000 });
      await context.close();
    });
  });
