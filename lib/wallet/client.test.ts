import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createWalletClient, type WalletClient } from "@/lib/wallet/client";
import { startScriptedWalletServer, json, raw, type ScriptedWalletServer } from "@/lib/wallet/testing/scripted-wallet-server";
import {
  callbackLog,
  cashInRequest,
  cashInTransaction,
  cashOutRequest,
  cashOutTransaction,
  envelope,
  testCallbackUrl,
  testToken,
} from "@/lib/wallet/testing/wallet-fixtures";

let server: ScriptedWalletServer;
let client: WalletClient;
const logLines: string[] = [];
const capturingLogger = {
  warn: (details: object, message: string) => logLines.push(JSON.stringify({ level: "warn", details, message })),
  debug: () => {},
};

beforeAll(async () => {
  server = await startScriptedWalletServer();
  client = createWalletClient({ baseUrl: `${server.baseUrl}/`, token: testToken, timeoutMs: 2_000, logger: capturingLogger });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  logLines.length = 0;
});

describe("createCashIn", () => {
  it("posts the body as JSON with the bearer token to /api/v1/wallets/in", async () => {
    server.answerWith(json(200, envelope(cashInTransaction())));
    await client.createCashIn(cashInRequest);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request).toMatchObject({ method: "POST", url: "/api/v1/wallets/in" });
    expect(request!.headers).toMatchObject({
      accept: "application/json",
      "content-type": "application/json",
      authorization: `Bearer ${testToken}`,
    });
    expect(JSON.parse(request!.body)).toEqual(cashInRequest);
  });

  it("returns the transaction with its QR code, payer and integer cents", async () => {
    server.answerWith(json(200, envelope(cashInTransaction())));
    const transaction = await client.createCashIn(cashInRequest);
    expect(transaction).toMatchObject({
      value: 1050,
      tax: 0.35,
      operation: "CASH_IN",
      status: "PENDING",
      payer: { document: "52998224725" },
    });
    expect(transaction.qrcodeImage).toMatch(/^data:image\/png;base64,/);
  });

  it("reads the CASHIN spelling as CASH_IN and keeps fields the spec does not list", async () => {
    server.answerWith(
      json(200, { ...envelope(cashInTransaction({ operation: "CASHIN", expiresAt: "2026-03-01T12:30:00.000Z" })), requestId: "r-1" }),
    );
    const transaction = await client.createCashIn(cashInRequest);
    expect(transaction.operation).toBe("CASH_IN");
    expect(transaction.expiresAt).toBe("2026-03-01T12:30:00.000Z");
  });

  it("accepts null echoes of the optional request fields", async () => {
    server.answerWith(json(200, envelope(cashInTransaction({ metadata: null, externalReference: null }))));
    await expect(client.createCashIn(cashInRequest)).resolves.toMatchObject({ metadata: null, externalReference: null });
  });

  it("refuses to send an amount that is not a positive integer of cents", async () => {
    await expect(client.createCashIn({ ...cashInRequest, value: 10.5 })).rejects.toThrow(TypeError);
    await expect(client.createCashIn({ ...cashInRequest, value: 0 })).rejects.toThrow(TypeError);
    expect(server.requests).toHaveLength(0);
  });
});

describe("createCashOut", () => {
  it("posts to /api/v1/wallets/out and reads CASHOUT as CASH_OUT", async () => {
    server.answerWith(json(200, envelope(cashOutTransaction({ operation: "CASHOUT" }))));
    const transaction = await client.createCashOut(cashOutRequest);
    expect(server.requests[0]).toMatchObject({ method: "POST", url: "/api/v1/wallets/out" });
    expect(JSON.parse(server.requests[0]!.body)).toEqual(cashOutRequest);
    expect(transaction).toMatchObject({ id: "5d0c2f4e-8b1a-4f3e-9c7d-6a5b4c3d2e1f", value: 123456, operation: "CASH_OUT" });
    expect(transaction).not.toHaveProperty("payer");
  });
});

describe("getCallbackLog", () => {
  it("gets /api/v1/callbacklogs/{id} without a body and reads the snapshot's CASHIN", async () => {
    server.answerWith(json(200, envelope(callbackLog())));
    const log = await client.getCallbackLog("9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d");
    expect(server.requests[0]).toMatchObject({ method: "GET", url: "/api/v1/callbacklogs/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", body: "" });
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${testToken}`);
    expect(log).toMatchObject({
      status: "SUCCESS",
      responseStatus: 200,
      request: { operation: "CASH_IN", status: "SUCCEED", description: "CASH IN PAID" },
      response: { response: "ok" },
    });
  });

  it("reads a cash-out snapshot without the cash-in fields", async () => {
    const snapshot = cashOutTransaction({ operation: "CASHOUT", status: "FAILED" });
    server.answerWith(json(200, envelope(callbackLog({ request: snapshot }))));
    await expect(client.getCallbackLog("x")).resolves.toMatchObject({ request: { operation: "CASH_OUT", status: "FAILED" } });
  });

  it("escapes the id in the path", async () => {
    server.answerWith(json(200, envelope(callbackLog())));
    await client.getCallbackLog("../wallets/in?x=1");
    expect(server.requests[0]!.url).toBe("/api/v1/callbacklogs/..%2Fwallets%2Fin%3Fx%3D1");
  });
});

describe("resendCallback", () => {
  it("posts the transaction id and the new URL and resolves on the null-data envelope", async () => {
    server.answerWith(json(200, { success: true, messageError: null, data: null }));
    await expect(
      client.resendCallback({ id: "5d0c2f4e-8b1a-4f3e-9c7d-6a5b4c3d2e1f", newCallbackUrl: testCallbackUrl }),
    ).resolves.toBeUndefined();
    expect(server.requests[0]).toMatchObject({ method: "POST", url: "/api/v1/simulations/resend/callback" });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ id: "5d0c2f4e-8b1a-4f3e-9c7d-6a5b4c3d2e1f", newCallbackUrl: testCallbackUrl });
  });

  it("treats HTTP 200 with an empty body as done, as the spec's examples do", async () => {
    server.answerWith(raw(200, "text/plain", ""));
    await expect(client.resendCallback({ id: "5d0c2f4e-8b1a-4f3e-9c7d-6a5b4c3d2e1f" })).resolves.toBeUndefined();
  });
});

describe("sandbox.payCashIn", () => {
  it("posts to the sandbox's control path with the bearer token and no body, and resolves on success", async () => {
    server.answerWith(json(200, envelope(cashInTransaction({ status: "SUCCEED" }))));
    await expect(client.sandbox.payCashIn("5d0c2f4e-8b1a-4f3e-9c7d-6a5b4c3d2e1f")).resolves.toBeUndefined();
    expect(server.requests[0]).toMatchObject({
      method: "POST",
      url: "/control/cash-ins/5d0c2f4e-8b1a-4f3e-9c7d-6a5b4c3d2e1f/pay",
      body: "",
    });
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${testToken}`);
  });

  it("escapes the id in the path", async () => {
    server.answerWith(json(200, envelope(cashInTransaction())));
    await client.sandbox.payCashIn("../../api/v1/wallets/out");
    expect(server.requests[0]!.url).toBe("/control/cash-ins/..%2F..%2Fapi%2Fv1%2Fwallets%2Fout/pay");
  });
});

describe("createWalletClient", () => {
  it("refuses a token that cannot be a header value, without repeating it", () => {
    const badToken = "abc\ndef-secret-part";
    expect(() => createWalletClient({ baseUrl: server.baseUrl, token: badToken, timeoutMs: 1_000 })).toThrow(/WALLET_API_TOKEN/);
    try {
      createWalletClient({ baseUrl: server.baseUrl, token: badToken, timeoutMs: 1_000 });
    } catch (error) {
      expect(String(error)).not.toContain("secret-part");
    }
  });
});
