// A counter display survives a server restart: while the server is down it says "Reconectando…"
// (never a stale "Aguardando pagamento"), and once the server is back it reconnects by itself,
// shows the charge's real state and follows it live again — after a crash (SIGKILL) and after a
// graceful stop (SIGTERM: readiness 503 during the drain, live streams ended with a retry hint, a
// clean exit that releases the embedded database). This test runs its own server (port
// E2E_PORT + 1100, its own embedded database seeded before start) so it can stop and restart it.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./support/csp";
import { e2eDataDir, e2ePort } from "../playwright.config";
import { callbackBody, callbackPath, seedDisplayedCharges, type SeededDisplay } from "../test/support/display-fixtures";
import { expectNoAccessibilityViolations } from "./support/accessibility";

const port = e2ePort + 1100;
const baseUrl = `http://localhost:${port}`;
const dataDir = path.resolve(`${e2eDataDir}-restart`);
const callbackSecret = "restart-test-callback-secret-0123456789abcdef";

const pgliteDir = path.join(dataDir, "pglite");

// The last server spawned, kept from the moment it is spawned: it is detached (its own process
// group), so one whose start times out a hook would outlive the run, busy on a deleted data dir.
let lastSpawned: ChildProcess | undefined;

function startServer(): Promise<ChildProcess> {
  // Next's own executable (not npx): the child is the server process, so its exit code is the server's.
  const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port)], {
    env: {
      ...process.env,
      APP_URL: baseUrl,
      PGLITE_DATA_DIR: pgliteDir,
      EMBEDDED_SECRETS_FILE: path.join(dataDir, "secrets.json"),
      CALLBACK_SECRET: callbackSecret,
      LOG_LEVEL: "warn",
      // Long enough for the test to see readiness answer 503 before the listener closes.
      SHUTDOWN_DRAIN_MS: "2000",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  lastSpawned = child;
  // Kept so a server that does not start says why in the failure.
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return (async () => {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const healthy = await fetch(`${baseUrl}/api/health/ready`).then(
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

/** Kills the server at once, like a crash. */
async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid!, "SIGKILL");
  await exited;
}

test.describe
  .serial("counter display across a server restart", () => {
    let server: ChildProcess | undefined;
    let seeded: SeededDisplay;
    let seededForGracefulStop: SeededDisplay;

    test.beforeAll(async () => {
      // Seeding (a new embedded database, migrated) and a server's start, beside the other groups:
      // the start alone may wait up to 90 s (startServer), more than a test's 60.
      test.setTimeout(180_000);
      rmSync(dataDir, { recursive: true, force: true });
      [seeded, seededForGracefulStop] = (await seedDisplayedCharges({ kind: "pglite", dataDir: pgliteDir }, 2)) as [
        SeededDisplay,
        SeededDisplay,
      ];
      server = await startServer();
    });

    test.afterAll(async () => {
      const running = lastSpawned ?? server;
      if (running && running.exitCode === null && running.signalCode === null) await stopServer(running).catch(() => {});
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

    test("a graceful stop (SIGTERM) under load with five open streams: readiness 503, every stream ends with a retry hint, no reset or 5xx, a clean exit within 10 s, and the display reconnects to the next server", async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const display = seededForGracefulStop;
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL: baseUrl });
      await context.addCookies([{ name: "wallet_display_session", value: display.token, url: baseUrl, httpOnly: true }]);
      const page = await context.newPage();
      await page.goto("/display");
      await expect(page.getByText("Aguardando pagamento")).toBeVisible();

      // Five of the display's event streams, read here to see how each ends (#46: SIGTERM with open
      // streams and steady load), and keep-alive clients reading the display's state (the database)
      // in a loop until their own readiness check has seen 503, as compose's proxy stops sending.
      const cookie = `wallet_display_session=${display.token}`;
      const streams = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const stream = await fetch(`${baseUrl}/api/display/events`, { headers: { cookie } });
          expect(stream.status).toBe(200);
          const reader = stream.body!.getReader();
          const read = { received: "", ended: Promise.resolve() };
          read.ended = (async () => {
            for (;;) {
              const { done, value } = await reader.read();
              if (done) return;
              read.received += new TextDecoder().decode(value);
            }
          })();
          return read;
        }),
      );
      for (const stream of streams) await expect.poll(() => stream.received).toContain("data: ");
      let proxyStopped = false;
      const answers: number[] = [];
      const failures: string[] = [];
      const load = Array.from({ length: 4 }, async () => {
        while (!proxyStopped) {
          try {
            const answer = await fetch(`${baseUrl}/api/display/state`, { headers: { cookie } });
            await answer.arrayBuffer();
            answers.push(answer.status);
          } catch (error) {
            failures.push(String((error as { cause?: { code?: string } }).cause?.code ?? error));
          }
        }
      });
      await expect.poll(() => answers.length).toBeGreaterThan(8);

      const stopping = server!;
      const exited = new Promise<number | null>((resolve) => stopping.once("exit", (code) => resolve(code)));
      const signalledAt = Date.now();
      process.kill(stopping.pid!, "SIGTERM");
      // At once: readiness says "take me out" while the instance still serves (the drain).
      await expect.poll(async () => (await fetch(`${baseUrl}/api/health/ready`)).status, { intervals: [50] }).toBe(503);
      proxyStopped = true;
      await Promise.all(load);
      expect((await fetch(`${baseUrl}/api/health/live`)).status).toBe(200);
      // After the drain: every stream ends, its last words a reconnect hint.
      await Promise.all(streams.map((stream) => stream.ended));
      for (const stream of streams) expect(stream.received).toMatch(/: server shutting down\nretry: \d+\n\n$/);
      // 0 is the graceful path's exit; the deadline's forced exit is 1 (lib/observability/shutdown.ts).
      expect(await exited).toBe(0);
      const exitedAfterMs = Date.now() - signalledAt;
      server = undefined;
      // Under load: no request reset or answered 5xx, and out within 10 s.
      expect(failures).toEqual([]);
      expect(answers.filter((status) => status >= 500)).toEqual([]);
      expect(exitedAfterMs).toBeLessThanOrEqual(10_000);
      console.log(`graceful stop: ${answers.length} answers under load, 5 streams ended, exit after ${exitedAfterMs} ms`);
      expect(existsSync(`${pgliteDir}.lock`)).toBe(false);
      await expect(page.getByText("Reconectando…").first()).toBeVisible({ timeout: 15_000 });

      // A new server on the same port and data: the display reconnects by itself and follows the charge live.
      server = await startServer();
      await expect(page.getByText("Aguardando pagamento")).toBeVisible({ timeout: 30_000 });
      const answer = await fetch(`${baseUrl}${callbackPath(display, callbackSecret)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(callbackBody(display, "SUCCEED")),
      });
      expect(answer.status).toBe(200);
      await expect(page.getByRole("heading", { name: "Pago" })).toBeVisible({ timeout: 5_000 });
      await context.close();
    });
  });
