// The metrics endpoint over a real loop: a cash-in created with the wallet client on the sandbox
// wallet (served over HTTP), paid, and its callback delivered by the wallet to the dashboard's
// receiver on a real database. A scrape before and after shows the counters move; the endpoint is
// off (404) without a token and refuses a wrong one (401).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callbackReceiverPathPrefix } from "@/lib/vocabulary/callback-url";
import { receiveCallback } from "@/lib/callbacks/receive-callback";
import type { DatabaseConnection } from "@/lib/db/client";
import { answerMetricsRequest, countSignInFailure } from "@/lib/observability/metrics";
import { createWalletClient } from "@/lib/wallet/client";
import {
  cashInBody,
  createSandboxTestDatabase,
  serveSandboxWallet,
  testToken,
  type SandboxTestDatabase,
  type ServedSandboxWallet,
} from "@/test/support/sandbox-wallet";
import { serveFetchHandler, type ServedHandler } from "@/test/support/serve-fetch-handler";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

const metricsToken = "metrics-token-0123456789abcdef";
const callbackSecret = "m".repeat(48);
let dashboardDatabase: TestDatabase;
let walletDatabase: SandboxTestDatabase;
let walletConnection: DatabaseConnection;
let wallet: ServedSandboxWallet;
let receiver: ServedHandler;

beforeAll(async () => {
  dashboardDatabase = await openTestDatabase();
  walletDatabase = await createSandboxTestDatabase();
  walletConnection = await walletDatabase.connect();
  wallet = await serveSandboxWallet({ db: walletConnection.db });
  // The dashboard's receiver at its legacy global-secret URL (a transaction it has no row for: stored as unmatched).
  receiver = await serveFetchHandler((request) =>
    receiveCallback(dashboardDatabase.db, request, { legacySecret: new URL(request.url).pathname.split("/").pop()! }, { callbackSecret }),
  );
});

afterAll(async () => {
  await receiver?.close();
  await wallet?.close();
  await walletConnection?.close();
  await walletDatabase?.dispose();
  await dashboardDatabase?.dispose();
});

async function scrape(): Promise<string> {
  const response = await answerMetricsRequest(
    new Request("http://dashboard/api/metrics", { headers: { authorization: `Bearer ${metricsToken}` } }),
    metricsToken,
  );
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return response.text();
}

/** A sample's value in the exposition text (0 when absent: a counter not incremented yet). */
function sample(text: string, name: string, labels: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name}{${labels}} `));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

describe("/api/metrics", () => {
  it("is off without a token and refuses a missing or wrong one", async () => {
    const request = (authorization?: string) =>
      new Request("http://dashboard/api/metrics", authorization ? { headers: { authorization } } : undefined);
    expect((await answerMetricsRequest(request(`Bearer ${metricsToken}`), undefined)).status).toBe(404);
    expect((await answerMetricsRequest(request(), metricsToken)).status).toBe(401);
    expect((await answerMetricsRequest(request("Bearer wrong-token-0123456789abcdef"), metricsToken)).status).toBe(401);
    expect((await answerMetricsRequest(request(`Basic ${metricsToken}`), metricsToken)).status).toBe(401);
  });

  it("counts a cash-in's wallet calls and its callback, and serves the process metrics", async () => {
    const before = await scrape();
    const client = createWalletClient({ baseUrl: wallet.baseUrl, token: testToken, timeoutMs: 5_000 });
    const created = await client.createCashIn(cashInBody(`${receiver.origin}${callbackReceiverPathPrefix}${callbackSecret}`) as never);
    await client.sandbox.payCashIn(created.id);
    const callbacks = (text: string) => sample(text, "wallet_dashboard_callbacks_received_total", 'outcome="unmatched"');
    await expect.poll(async () => callbacks(await scrape()), { timeout: 10_000 }).toBe(callbacks(before) + 1);
    countSignInFailure("wrong_credentials");

    const after = await scrape();
    const calls = (text: string, operation: string) =>
      sample(text, "wallet_dashboard_wallet_call_duration_seconds_count", `operation="${operation}",outcome="ok"`);
    expect(calls(after, "createCashIn")).toBe(calls(before, "createCashIn") + 1);
    expect(calls(after, "payCashInInSandbox")).toBe(calls(before, "payCashInInSandbox") + 1);
    expect(sample(after, "wallet_dashboard_sign_in_failures_total", 'reason="wrong_credentials"')).toBe(
      sample(before, "wallet_dashboard_sign_in_failures_total", 'reason="wrong_credentials"') + 1,
    );
    expect(after).toContain("\nwallet_dashboard_live_streams_open 0\n");
    expect(after).toMatch(/\nprocess_cpu_user_seconds_total \d/);
    expect(after).toMatch(/\nnodejs_eventloop_lag_seconds \d/);
  });
});
