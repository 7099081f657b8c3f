import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWalletClient, type WalletClient } from "@/lib/wallet/client";
import { checkWalletReachable } from "@/lib/wallet/health";
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
