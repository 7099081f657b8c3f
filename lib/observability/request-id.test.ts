// Request ids over real HTTP: a server with the hooks installed runs each request under its id
// (a sane incoming X-Request-Id, else a new one), answers it in X-Request-Id, and the wallet
// client sends it to the wallet, here a local HTTP server that records what it receives.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installHttpHooks } from "@/lib/observability/http-hooks";
import { currentRequestId } from "@/lib/observability/request-id";
import { createWalletClient, type WalletClient } from "@/lib/wallet/client";

const quietLogger = { warn: () => {}, debug: () => {} };
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What the recording wallet received: the X-Request-Id exactly as sent (rawHeaders: the hooks run on this server too). */
let walletSaw: Array<string | undefined> = [];
let wallet: http.Server;
let dashboard: http.Server;
let dashboardOrigin: string;
let client: WalletClient;

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  installHttpHooks();
  wallet = http.createServer((request, response) => {
    const index = request.rawHeaders.findIndex((name) => name.toLowerCase() === "x-request-id");
    walletSaw.push(index === -1 ? undefined : request.rawHeaders[index + 1]);
    response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ message: "not found" }));
  });
  client = createWalletClient({ baseUrl: await listen(wallet), token: "token-for-request-id-test", timeoutMs: 5_000, logger: quietLogger });
  // A stand-in for the dashboard: a request that calls the wallet, answering the id it ran under.
  dashboard = http.createServer(async (_request, response) => {
    await client.checkReachable();
    response.end(JSON.stringify({ ranUnder: currentRequestId() }));
  });
  dashboardOrigin = await listen(dashboard);
});

afterAll(async () => {
  await new Promise((resolve) => dashboard.close(resolve));
  await new Promise((resolve) => wallet.close(resolve));
});

async function callDashboard(headers: Record<string, string> = {}) {
  walletSaw = [];
  const response = await fetch(dashboardOrigin, { headers });
  const body = (await response.json()) as { ranUnder?: string };
  return { answered: response.headers.get("x-request-id"), ranUnder: body.ranUnder, walletSaw };
}

describe("request ids", () => {
  it("keeps a sane incoming X-Request-Id: the request runs under it, answers it and passes it to the wallet", async () => {
    const seen = await callDashboard({ "x-request-id": "lb-7f3a9c2e.trace:01" });
    expect(seen).toEqual({ answered: "lb-7f3a9c2e.trace:01", ranUnder: "lb-7f3a9c2e.trace:01", walletSaw: ["lb-7f3a9c2e.trace:01"] });
  });

  it.each([
    ["too short", "abc"],
    ["with spaces", "not an id at all"],
    ["too long", "x".repeat(129)],
    ["with characters a log line could be forged with", 'id"},{"level":"fatal'],
  ])("replaces an incoming id %s with a new one", async (_case, incoming) => {
    const seen = await callDashboard({ "x-request-id": incoming });
    expect(seen.answered).toMatch(uuid);
    expect(seen).toEqual({ answered: seen.answered, ranUnder: seen.answered, walletSaw: [seen.answered] });
  });

  it("gives every request without one its own id", async () => {
    const first = await callDashboard();
    const second = await callDashboard();
    expect(first.answered).toMatch(uuid);
    expect(second.answered).toMatch(uuid);
    expect(second.answered).not.toBe(first.answered);
    expect(second.walletSaw).toEqual([second.answered]);
  });

  it("sends no X-Request-Id for a wallet call made outside any request (a background job)", async () => {
    walletSaw = [];
    await client.checkReachable();
    expect(walletSaw).toEqual([undefined]);
  });
});
