// The SSRF guard in production settings, through the UI. The shared e2e server allows private
// addresses (other specs resend to receivers on 127.0.0.1), so this spec starts a second server
// from the same build with the default (guard on), on its own port and fresh database, as every
// group's server starts (scripts/e2e-server.mjs): on PostgreSQL when the run has one
// (TEST_DATABASE_URL; the spec checks the guard, not the database, and a new embedded cluster took
// ~45 s to create beside two other groups), else on a new embedded PGlite.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { e2ePort } from "../playwright.config";
import { expect, test } from "./support/csp";
import { enrolTwoFactor } from "./support/operators";

// Below Linux's ephemeral range (32768-60999): a port in it (this was e2ePort + 30000 once) can be
// held at that moment by any outgoing connection's local end, and `next start` then exits with
// EADDRINUSE (one CI run: the server was gone before it answered). Clear of the groups (3100-3102),
// the startup spec's (+91..93), the restart spec's (+1100) and the scale-out run's (3400-3403).
const strictPort = e2ePort + 1150;
const strictBase = `http://localhost:${strictPort}`;
const strictDataDir = `.data-e2e-${strictPort}`;
const admin = { name: "Guard Admin", email: "guard.admin@example.com", password: "guard admin password 1" };

let server: ChildProcess | undefined;
let internal: { url: string; hits: string[]; close: () => Promise<void> };

async function startInternalService() {
  const hits: string[] = [];
  const service = http.createServer((request, response) => {
    hits.push(request.url ?? "");
    response.writeHead(200, { "content-type": "application/json" }).end('{"internal":"admin token 123"}');
  });
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  const port = (service.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/internal`, hits, close: () => new Promise<void>((resolve) => service.close(() => resolve())) };
}

test.beforeAll(async () => {
  // A fresh embedded database (initdb, migrations, the sandbox's) started beside two other e2e
  // groups took over 90 s once in CI (its output goes to test-results/ to say why if it never comes up).
  test.setTimeout(210_000);
  internal = await startInternalService();
  mkdirSync("test-results", { recursive: true });
  const logPath = `test-results/outbound-guard-server-${strictPort}.log`;
  const serverLog = openSync(logPath, "w");
  // Its own process group, so the server (a child of the starter's npx) stops with it.
  server = spawn("node", ["scripts/e2e-server.mjs"], {
    detached: true,
    stdio: ["ignore", serverLog, serverLog],
    env: {
      ...process.env,
      E2E_PORT: String(strictPort),
      E2E_DATABASE_URL: process.env.TEST_DATABASE_URL ?? "",
      APP_URL: strictBase,
      PGLITE_DATA_DIR: `${strictDataDir}/pglite`,
      EMBEDDED_SECRETS_FILE: `${strictDataDir}/secrets.json`,
      LOG_LEVEL: "warn",
      OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "false",
    },
  });
  closeSync(serverLog); // the server holds its own copy
  let exited: string | undefined;
  server.once("exit", (code, signal) => {
    exited = `the strict server exited (${signal ?? `code ${code}`}) before it was ready:\n${readFileSync(logPath, "utf8").slice(-2000)}`;
  });
  // Fails at once, with the server's last output, if it stops before answering.
  const deadline = Date.now() + 180_000;
  const readiness = () => fetch(`${strictBase}/api/health/ready`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
  while ((await readiness())?.status !== 200) {
    if (exited) throw new Error(exited);
    if (Date.now() > deadline) throw new Error(`the strict server was not ready in 180 s (its output: ${logPath})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  // Waits (bounded) until its port refuses connections, so the port and its database are free for
  // whatever runs next: the starter exits at once, while next-server finishes its graceful stop.
  if (server?.pid && server.exitCode === null && server.signalCode === null) {
    process.kill(-server.pid, "SIGTERM");
    const deadline = Date.now() + 15_000;
    while (
      Date.now() < deadline &&
      (await fetch(strictBase, { signal: AbortSignal.timeout(1_000) }).then(
        () => true,
        () => false,
      ))
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await internal?.close();
  rmSync(strictDataDir, { recursive: true, force: true });
});

test("with the default settings, a resend to an internal URL and an internal cash-in callback are refused, saying why", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${strictBase}/setup`);
  await page.getByLabel("Full name").fill(admin.name);
  await page.getByLabel("E-mail").fill(admin.email);
  await page.getByLabel("Password (at least 12 characters)").fill(admin.password);
  await page.getByLabel("Repeat the password").fill(admin.password);
  await page.getByRole("button", { name: "Create administrator" }).click();
  // Administrators enrol an authenticator before anything else (its key is kept per e2e port).
  await enrolTwoFactor(page, admin.email, admin.password);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();

  await page.goto(`${strictBase}/sandbox`);
  for (const [url, address] of [
    [internal.url, "127.0.0.1"],
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254"],
    [internal.url.replace("127.0.0.1", "2130706433"), "127.0.0.1"],
  ] as const) {
    await page.getByLabel("Wallet transaction id").fill(crypto.randomUUID());
    await page.getByLabel("New callback URL (optional)").fill(url);
    await page.getByRole("button", { name: "Resend callback" }).click();
    await expect(page.getByRole("main").getByRole("alert").first()).toContainText(`${address}, an internal address`);
  }

  await page.goto(`${strictBase}/cash-in`);
  await page.getByLabel("Amount (R$)").fill("10,00");
  await page.getByLabel("Payer name").fill("Maria Pagadora");
  await page.getByLabel("Payer e-mail").fill("maria@example.com");
  await page.getByLabel("Payer CPF or CNPJ").fill("529.982.247-25");
  await page.getByText("Advanced").click();
  await page.getByLabel("Custom callback URL (optional)").fill(internal.url.replace("127.0.0.1", "localhost"));
  await page.getByRole("button", { name: "Create charge" }).click();
  await expect(page.getByText(/localhost is or resolves to (127\.0\.0\.1|::1), an internal address/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/cash-in$/);

  // The refusals are in the audit log, and the internal service never heard from the server.
  await page.goto(`${strictBase}/audit-log`);
  await expect(page.getByText("sandbox.resend_callback").first()).toBeVisible();
  expect(internal.hits).toEqual([]);
});
