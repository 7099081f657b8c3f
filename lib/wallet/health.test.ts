import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWalletClient, type WalletClient } from "@/lib/wallet/client";
import { checkWalletReachable, createCachedCheck } from "@/lib/wallet/health";
import {
  closedPortBaseUrl,
  json,
  neverAnswer,
  raw,
  startScriptedWalletServer,
  type ScriptedWalletServer,
} from "@/lib/wallet/testing/scripted-wallet-server";
import { callbackLog, envelope, testToken } from "@/lib/wallet/testing/wallet-fixtures";

let server: ScriptedWalletServer;
let client: WalletClient;
const quietLogger = { warn: () => {}, debug: () => {} };

beforeAll(async () => {
  server = await startScriptedWalletServer();
  client = createWalletClient({ baseUrl: server.baseUrl, token: testToken, timeoutMs: 300, logger: quietLogger });
});
afterAll(() => server.close());

describe("checkWalletReachable", () => {
  it("reads a callback log with a random id, authenticated, and creates nothing", async () => {
    server.answerWith(json(404, { success: false, messageError: "Callback log not found", data: null }));
    await checkWalletReachable(client);
    const request = server.requests.at(-1)!;
    expect(request.method).toBe("GET");
    expect(request.url).toMatch(/^\/api\/v1\/callbacklogs\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(request.headers.authorization).toBe(`Bearer ${testToken}`);
  });

  it.each([
    ["the wallet's 404 envelope", json(404, { success: false, messageError: "Callback log not found", data: null })],
    ["a 200 success:false envelope", json(200, { success: false, messageError: "not found", data: null })],
    ["a 400 envelope", json(400, { success: false, messageError: "invalid id", data: null })],
    ["a log (however unlikely)", json(200, envelope(callbackLog()))],
  ])("is healthy on %s", async (_name, answer) => {
    server.answerWith(answer);
    await expect(checkWalletReachable(client)).resolves.toMatchObject({ ok: true });
  });

  it("reports a rejected token as reachable but not healthy", async () => {
    server.answerWith(json(401, { success: false, messageError: "Unauthorized", data: null }));
    await expect(checkWalletReachable(client)).resolves.toMatchObject({
      ok: false,
      reachable: true,
      kind: "unauthorized",
      error: expect.stringContaining("check WALLET_API_TOKEN"),
    });
  });

  it.each([
    ["a web page on 404 (wrong base URL)", raw(404, "text/html", "<html>Not Found</html>"), "invalid_response", true],
    ["a 503", raw(503, "text/plain", "Service Unavailable"), "server_error", true],
    ["silence", neverAnswer, "timeout", false],
  ] as const)("is unhealthy on %s", async (_name, answer, kind, reachable) => {
    server.answerWith(answer);
    await expect(checkWalletReachable(client)).resolves.toMatchObject({ ok: false, kind, reachable });
  });

  it("is unhealthy and unreachable when the connection is refused", async () => {
    const refused = createWalletClient({ baseUrl: await closedPortBaseUrl(), token: testToken, timeoutMs: 1_000, logger: quietLogger });
    const result = await checkWalletReachable(refused);
    expect(result).toMatchObject({
      ok: false,
      reachable: false,
      kind: "unreachable",
      error: expect.stringContaining("connection refused"),
    });
    expect(JSON.stringify(result)).not.toContain(testToken);
  });
});

describe("createCachedCheck", () => {
  function controlledCheck() {
    const runs: Array<{ resolve: (value: number) => void; reject: (error: Error) => void }> = [];
    const check = () =>
      new Promise<number>((resolve, reject) => {
        runs.push({ resolve, reject });
      });
    return { runs, check };
  }

  it("shares one in-flight check between concurrent callers", async () => {
    const { runs, check } = controlledCheck();
    const cached = createCachedCheck(check, { freshMs: 5_000, staleMs: 20_000, now: () => 0 });
    const first = cached();
    const second = cached();
    expect(runs).toHaveLength(1);
    runs[0]!.resolve(1);
    await expect(Promise.all([first, second])).resolves.toEqual([
      { value: 1, checkedAt: 0 },
      { value: 1, checkedAt: 0 },
    ]);
  });

  it("answers a fresh result without checking, a stale one at once while one refresh runs, an old one after a new check", async () => {
    let clock = 0;
    const { runs, check } = controlledCheck();
    const cached = createCachedCheck(check, { freshMs: 5_000, staleMs: 20_000, now: () => clock });
    const first = cached();
    runs[0]!.resolve(1);
    await first;
    clock = 4_999;
    await expect(cached()).resolves.toEqual({ value: 1, checkedAt: 0 });
    expect(runs).toHaveLength(1);
    // Stale: the old answer comes back at once (the refresh is still pending), and only one refresh starts.
    clock = 6_000;
    await expect(cached()).resolves.toEqual({ value: 1, checkedAt: 0 });
    await expect(cached()).resolves.toEqual({ value: 1, checkedAt: 0 });
    expect(runs).toHaveLength(2);
    runs[1]!.resolve(2);
    await Promise.resolve();
    await Promise.resolve();
    await expect(cached()).resolves.toEqual({ value: 2, checkedAt: 6_000 });
    // Too old to serve: the caller waits for a new check.
    clock = 6_000 + 20_000;
    let settled = false;
    const waiting = cached().then((result) => {
      settled = true;
      return result;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(runs).toHaveLength(3);
    runs[2]!.resolve(3);
    await expect(waiting).resolves.toEqual({ value: 3, checkedAt: 26_000 });
  });

  it("does not cache a check that throws: the next caller checks again", async () => {
    const { runs, check } = controlledCheck();
    const cached = createCachedCheck(check, { freshMs: 5_000, staleMs: 20_000, now: () => 0 });
    const failing = cached();
    runs[0]!.reject(new Error("boom"));
    await expect(failing).rejects.toThrow("boom");
    const retry = cached();
    expect(runs).toHaveLength(2);
    runs[1]!.resolve(7);
    await expect(retry).resolves.toEqual({ value: 7, checkedAt: 0 });
  });
});
