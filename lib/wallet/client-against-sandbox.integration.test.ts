// The wallet client against the embedded sandbox wallet over real HTTP: the two sides of the spec
// must agree on paths, headers, the envelope and every resource shape.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseConnection } from "@/lib/db/client";
import { createWalletClient, type WalletClient } from "@/lib/wallet/client";
import { WalletError } from "@/lib/wallet/errors";
import {
  createSandboxTestDatabase,
  eventually,
  serveSandboxWallet,
  startCallbackReceiver,
  testToken,
  type CallbackReceiver,
  type SandboxTestDatabase,
  type ServedSandboxWallet,
} from "@/test/support/sandbox-wallet";
import { translateMessage } from "@/lib/i18n/message";
import { dictionaries } from "@/lib/i18n/messages";

/** Wallet messages are encoded keys; these tests read them in English. */
const english = (message: string) => translateMessage(dictionaries.en, message);

const quietLogger = { warn: () => {}, debug: () => {} };
let database: SandboxTestDatabase;
let connection: DatabaseConnection;
let served: ServedSandboxWallet;
let receiver: CallbackReceiver;
let client: WalletClient;

beforeAll(async () => {
  database = await createSandboxTestDatabase();
  connection = await database.connect();
  receiver = await startCallbackReceiver();
  served = await serveSandboxWallet({ db: connection.db });
  client = createWalletClient({ baseUrl: served.baseUrl, token: testToken, timeoutMs: 5_000, logger: quietLogger });
});

afterAll(async () => {
  await served?.close();
  await receiver?.close();
  await connection?.close();
  await database?.dispose();
});

async function rejectionOf(promise: Promise<unknown>): Promise<WalletError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WalletError);
  return error as WalletError;
}

describe("the wallet client against the sandbox wallet", () => {
  it("creates a cash-in with its QR code", async () => {
    const transaction = await client.createCashIn({
      value: 1_050,
      callbackUrl: receiver.url("/cash-in"),
      payer: { name: "Maria Silva", email: "maria@example.com", document: "52998224725", phone: "+5511987654321" },
      metadata: { order_id: "1001" },
      externalReference: "order-1001",
      expireInMinutes: 15,
    });
    expect(transaction).toMatchObject({
      value: 1_050,
      operation: "CASH_IN",
      status: "PENDING",
      metadata: { order_id: "1001" },
      externalReference: "order-1001",
    });
    expect(transaction.qrcodeImage).toMatch(/^data:image\/png;base64,/);
    expect(transaction.codeCopyPaste).toMatch(/^000201/);
  });

  it("creates a cash-out, re-sends its callback and reads the callback log", async () => {
    const transaction = await client.createCashOut({
      value: 2_500,
      callbackUrl: receiver.url("/cash-out"),
      pixDestinyType: "PHONE",
      pixDestinyKey: "+5511987654321",
    });
    expect(transaction).toMatchObject({ value: 2_500, operation: "CASH_OUT", status: "PENDING" });

    await client.resendCallback({ id: transaction.id, newCallbackUrl: receiver.url("/resent") });
    const delivered = await eventually("the re-sent callback", () => receiver.received.find((callback) => callback.path === "/resent"));
    const log = await eventually("the callback log", async () => {
      const read = await client.getCallbackLog(delivered.logId);
      return read.status === "PENDING" ? undefined : read;
    });
    expect(log).toMatchObject({ id: delivered.logId, responseStatus: 200, request: { id: transaction.id, operation: "CASH_OUT" } });
  });

  it("pays a cash-in with the sandbox control, and reports paying it again as rejected", async () => {
    const transaction = await client.createCashIn({
      value: 700,
      callbackUrl: receiver.url("/paid"),
      payer: { name: "Maria Silva", email: "maria@example.com", document: "52998224725" },
    });
    await client.sandbox.payCashIn(transaction.id);
    const paid = await eventually("the payment callback", () => receiver.received.find((callback) => callback.path === "/paid"));
    expect(paid.body).toMatchObject({ id: transaction.id, status: "SUCCEED" });
    const error = await rejectionOf(client.sandbox.payCashIn(transaction.id));
    expect(error).toMatchObject({ kind: "rejected", operation: "payCashInInSandbox", outcomeUnknown: false, httpStatus: 409 });
    expect(english(error.userMessage)).toMatch(/already SUCCEED.*Nothing was paid\.$/);
  });

  it("fails a cash-out and expires a cash-in with the sandbox controls, reads them back, and lists the callback logs with their URLs", async () => {
    const cashOut = await client.createCashOut({
      value: 2_600,
      callbackUrl: receiver.url("/failed"),
      pixDestinyType: "EMAIL",
      pixDestinyKey: "ana@example.com",
    });
    const failed = await client.sandbox.changeStatus("failCashOut", cashOut.id);
    expect(failed).toMatchObject({ id: cashOut.id, status: "FAILED" });
    expect(failed.description).toMatch(/refused/);
    expect(await client.sandbox.readTransaction(cashOut.id)).toMatchObject({ status: "FAILED" });
    const again = await rejectionOf(client.sandbox.changeStatus("settleCashOut", cashOut.id));
    expect(again).toMatchObject({ kind: "rejected", operation: "changeStatusInSandbox", httpStatus: 409 });
    expect(english(again.userMessage)).toMatch(/The status did not change\.$/);

    await client.resendCallback({ id: cashOut.id, newCallbackUrl: receiver.url("/elsewhere") });
    const resent = await eventually("the re-sent callback", () => receiver.received.find((callback) => callback.path === "/elsewhere"));
    const logs = await client.sandbox.listCallbackLogs(cashOut.id);
    // Newest first; the re-sent log is there with its new URL. Not necessarily first: on a loaded
    // machine the first delivery to /failed may have timed out and been retried after the re-send.
    expect(logs.map((log) => log.createdAt)).toEqual(
      logs
        .map((log) => log.createdAt)
        .sort()
        .reverse(),
    );
    expect(logs).toContainEqual(expect.objectContaining({ id: resent.logId, url: receiver.url("/elsewhere") }));

    const cashIn = await client.createCashIn({
      value: 800,
      callbackUrl: receiver.url("/expired"),
      payer: { name: "Maria Silva", email: "maria@example.com", document: "52998224725" },
      expireInMinutes: 30,
    });
    expect(await client.sandbox.changeStatus("expireCashIn", cashIn.id)).toMatchObject({ status: "CANCELED" });
  });

  it("reports the sandbox's refusal of an invalid key as rejected, nothing created", async () => {
    const error = await rejectionOf(
      client.createCashOut({ value: 2_500, callbackUrl: receiver.url(), pixDestinyType: "EMAIL", pixDestinyKey: "not-an-email" }),
    );
    expect(error).toMatchObject({ kind: "rejected", outcomeUnknown: false, httpStatus: 400 });
    expect(error.walletMessage).toBeTruthy();
  });

  it("reports an unknown callback log as not found", async () => {
    const error = await rejectionOf(client.getCallbackLog("5b0a3f5e-7a51-4d0f-9d2a-3f8f1c1f0b1a"));
    expect(error).toMatchObject({ kind: "not_found", httpStatus: 404 });
  });

  it("reports a wrong token as unauthorized", async () => {
    const wrongToken = createWalletClient({
      baseUrl: served.baseUrl,
      token: "not-the-sandbox-token",
      timeoutMs: 5_000,
      logger: quietLogger,
    });
    const error = await rejectionOf(wrongToken.getCallbackLog("5b0a3f5e-7a51-4d0f-9d2a-3f8f1c1f0b1a"));
    expect(error.kind).toBe("unauthorized");
    await expect(wrongToken.checkReachable()).resolves.toMatchObject({ ok: false, reachable: true, kind: "unauthorized" });
  });

  it("finds the sandbox reachable", async () => {
    await expect(client.checkReachable()).resolves.toMatchObject({ ok: true });
  });
});
