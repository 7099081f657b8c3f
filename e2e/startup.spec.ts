// Starting the server with a bad setting fails fast with a message that names the setting.
import { spawn } from "node:child_process";
import { expect, test } from "@playwright/test";
import { e2eDataDir, e2ePort } from "../playwright.config";

function startServer(port: number, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npx", ["next", "start", "-p", String(port)], {
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test("a DATABASE_URL pointing at a host that does not exist stops the server with a message naming DATABASE_URL", async () => {
  const started = Date.now();
  const result = await startServer(e2ePort + 91, {
    DATABASE_URL: "postgres://user:secret-password@db-host-that-does-not-exist.invalid:5432/wallet",
    DATABASE_CONNECT_TIMEOUT_MS: "3000",
    BETTER_AUTH_SECRET: "x".repeat(40),
    CALLBACK_SECRET: "y".repeat(40),
    WALLET_API_TOKEN: "token-for-startup-test",
  });
  expect(result.code).toBe(1);
  expect(result.output).toContain("Could not connect to PostgreSQL at DATABASE_URL");
  expect(result.output).not.toContain("secret-password");
  expect(Date.now() - started).toBeLessThan(40_000);
});

test("a second server on the same embedded database directory refuses to start", async () => {
  // The e2e server (started by Playwright) holds this directory.
  const result = await startServer(e2ePort + 92, {
    PGLITE_DATA_DIR: `${e2eDataDir}/pglite`,
    EMBEDDED_SECRETS_FILE: `${e2eDataDir}/secrets.json`,
    APP_URL: `http://localhost:${e2ePort + 92}`,
  });
  expect(result.code).toBe(1);
  expect(result.output).toMatch(/embedded database directory .* is already in use by process \d+/);
});

test("a malformed setting stops the server and names it", async () => {
  const result = await startServer(e2ePort + 93, {
    APP_URL: "not a url",
    PGLITE_DATA_DIR: `${e2eDataDir}/other`,
    EMBEDDED_SECRETS_FILE: `${e2eDataDir}/other-secrets.json`,
  });
  expect(result.code).toBe(1);
  expect(result.output).toContain("APP_URL: must be an absolute http(s) URL");
});
