// Conformance of the sandbox wallet's behaviour (spec sections 3 and 6, and the choices in
// docs/sandbox-wallet.md): the state machine and its triggers, callbacks POSTed to a real receiver
// with X-Callback-Log-Id, one callback log per attempt, retries, give-up, and the resend simulation.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseConnection } from "@/lib/db/client";
import {
  cashInBody,
  cashOutBody,
  createSandboxTestDatabase,
  sandboxWalletPerFile,
  eventually,
  serveSandboxWallet,
  startCallbackReceiver,
  type CallbackReceiver,
  type ReceivedCallback,
  type SandboxTestDatabase,
  type ServedSandboxWallet,
} from "@/test/support/sandbox-wallet";
import { callbackDeliveries, callbackLogs } from "./schema";
import { cashOutFailureTestKeys, cashOutFailureTestValueCents } from "./test-values";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isoUtcPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const snapshotFields = [
  "id",
  "value",
  "tax",
  "description",
  "operation",
  "status",
  "codeCopyPaste",
  "qrcodeImage",
  "metadata",
  "payer",
  "callbackUrl",
  "externalReference",
  "createdAt",
];

/** The wallet's clock runs this far ahead of real time; tests move it forward to reach expiries. */
let clockOffsetMs = 0;

const sandbox = sandboxWalletPerFile(({ receiver }) => {
  receiver.answer((callback) => {
    if (callback.path.startsWith("/text")) return { status: 200, body: "thanks, got it", contentType: "text/plain" };
    if (callback.path.startsWith("/flaky"))
      return callback.attempt < 3
        ? { status: 500, body: "temporarily broken" }
        : { status: 200, body: '{"ok":true}', contentType: "application/json" };
    if (callback.path.startsWith("/down")) {
      if (callback.attempt === 1) return { status: 503, body: '{"error":"maintenance"}', contentType: "application/json" };
      if (callback.attempt === 2) return { status: 302, body: "" };
      return { status: 500, body: "still down" };
    }
    return { status: 200, body: JSON.stringify({ received: true }), contentType: "application/json" };
  });
  return { clock: () => new Date(Date.now() + clockOffsetMs) };
});

let pathCounter = 0;
/** A receiver path of its own for each transaction, so a test sees only its callbacks. */
function uniquePath(prefix = "/callbacks"): string {
  pathCounter += 1;
  return `${prefix}/${pathCounter}`;
}

function callbacksAt(path: string): ReceivedCallback[] {
  return sandbox.receiver.received.filter((callback) => callback.path === path);
}

async function createCashIn(overrides: Record<string, unknown> = {}, path = uniquePath()) {
  const response = await sandbox.served.call("POST", "/api/v1/wallets/in", { body: cashInBody(sandbox.receiver.url(path), overrides) });
  expect(response.status).toBe(200);
  return { transaction: response.body.data, path };
}

async function createCashOut(overrides: Record<string, unknown> = {}, path = uniquePath(), wallet = sandbox.served) {
  const response = await wallet.call("POST", "/api/v1/wallets/out", { body: cashOutBody(sandbox.receiver.url(path), overrides) });
  expect(response.status).toBe(200);
  return { transaction: response.body.data, path };
}

async function deliveriesOf(transactionId: string) {
  return sandbox.connection.db.select().from(callbackDeliveries).where(eq(callbackDeliveries.transactionId, transactionId));
}

describe("cash-in: PENDING → SUCCEED when paid", () => {
  it("the pay trigger answers the SUCCEED transaction and the callback POSTs its snapshot with X-Callback-Log-Id", async () => {
    const { transaction, path } = await createCashIn();
    const paid = await sandbox.served.call("POST", `/control/cash-ins/${transaction.id}/pay`);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      success: true,
      messageError: null,
      data: { id: transaction.id, status: "SUCCEED", operation: "CASH_IN" },
    });

    const [callback] = await eventually("the SUCCEED callback", () => callbacksAt(path).length > 0 && callbacksAt(path));
    expect(callback!.headers["content-type"]).toMatch(/^application\/json/);
    expect(callback!.logId).toMatch(uuidPattern);
    expect(callback!.attempt).toBe(1);
    const body = callback!.body;
    // Every field of a callback log's `request` (spec 2.4), in that order.
    expect(Object.keys(body)).toEqual(snapshotFields);
    expect(Object.keys(body.payer)).toEqual(["name", "email", "document", "phone"]);
    expect(body).toMatchObject({
      id: transaction.id,
      value: transaction.value,
      tax: transaction.tax,
      // The provider's snapshot spelling (spec 2.4): no underscore, upper-case description.
      operation: "CASHIN",
      status: "SUCCEED",
      codeCopyPaste: transaction.codeCopyPaste,
      qrcodeImage: transaction.qrcodeImage,
      metadata: transaction.metadata,
      payer: transaction.payer,
      callbackUrl: transaction.callbackUrl,
      externalReference: transaction.externalReference,
      createdAt: transaction.createdAt,
    });
    expect(body.description).toBe(body.description.toUpperCase());
    expect(body.description).toContain("PAID");
  });

  it("the callback log named by X-Callback-Log-Id is readable under both path spellings", async () => {
    const { transaction, path } = await createCashIn();
    await sandbox.served.call("POST", `/control/cash-ins/${transaction.id}/pay`);
    const [callback] = await eventually("the callback", () => callbacksAt(path).length > 0 && callbacksAt(path));
    const log = await eventually("the log to record the answer", async () => {
      const response = await sandbox.served.call("GET", `/api/v1/callbacklogs/${callback!.logId}`);
      return response.body.data?.status === "SUCCESS" && response;
    });
    expect(log.status).toBe(200);
    expect(log.body.success).toBe(true);
    expect(log.body.messageError).toBeNull();
    expect(Object.keys(log.body.data)).toEqual(["id", "url", "responseStatus", "status", "request", "response", "createdAt", "attempt"]);
    expect(Object.keys(log.body.data.request)).toEqual(snapshotFields);
    expect(log.body.data).toEqual({
      id: callback!.logId,
      url: sandbox.receiver.url(path),
      responseStatus: 200,
      status: "SUCCESS",
      request: callback!.body,
      response: { received: true },
      createdAt: expect.stringMatching(isoUtcPattern),
      attempt: 1,
    });
    expect(log.body.data.request.value).toBeGreaterThan(0);

    const otherSpelling = await sandbox.served.call("GET", `/api/v1/callbackLogs/${callback!.logId}`);
    expect(otherSpelling.status).toBe(200);
    expect(otherSpelling.body).toEqual(log.body);
  });

  it("keeps a receiver's non-JSON reply as { response: text }", async () => {
    const { transaction, path } = await createCashIn({}, uniquePath("/text"));
    await sandbox.served.call("POST", `/control/cash-ins/${transaction.id}/pay`);
    const [callback] = await eventually("the callback", () => callbacksAt(path).length > 0 && callbacksAt(path));
    const log = await eventually("the completed log", async () => {
      const response = await sandbox.served.call("GET", `/api/v1/callbacklogs/${callback!.logId}`);
      return response.body.data?.status === "SUCCESS" && response.body.data;
    });
    expect(log.response).toEqual({ response: "thanks, got it" });
  });

  it("final states never change: paying or expiring again answers 409 and queues no callback", async () => {
    const { transaction, path } = await createCashIn();
    expect((await sandbox.served.call("POST", `/control/cash-ins/${transaction.id}/pay`)).status).toBe(200);
    await eventually("the callback", () => callbacksAt(path).length > 0);

    const payAgain = await sandbox.served.call("POST", `/control/cash-ins/${transaction.id}/pay`);
    expect(payAgain.status).toBe(409);
    expect(payAgain.body).toEqual({
      success: false,
      messageError: expect.stringContaining("is already SUCCEED; final states never change"),
      data: null,
    });
    const expire = await sandbox.served.call("POST", `/control/cash-ins/${transaction.id}/expire`);
    expect(expire.status).toBe(409);

    const current = await sandbox.served.call("GET", `/control/transactions/${transaction.id}`);
    expect(current.body.data.status).toBe("SUCCEED");
    expect(await deliveriesOf(transaction.id)).toHaveLength(1);
  });

  it("two payments at the same moment: one succeeds, the other gets 409, one callback", async () => {
    const { transaction } = await createCashIn();
    const answers = await Promise.all([
      sandbox.served.call("POST", `/control/cash-ins/${transaction.id}/pay`),
      sandbox.served.call("POST", `/control/cash-ins/${transaction.id}/pay`),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await deliveriesOf(transaction.id)).toHaveLength(1);
  });

  it("the pay trigger answers 404 for an unknown id and for a cash-out's id", async () => {
    const missing = await sandbox.served.call("POST", "/control/cash-ins/5b0a3f5e-7a51-4d0f-9d2a-3f8f1c1f0b1a/pay");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, messageError: "No cash-in with id 5b0a3f5e-7a51-4d0f-9d2a-3f8f1c1f0b1a", data: null });
    const { transaction } = await createCashOut();
    expect((await sandbox.served.call("POST", `/control/cash-ins/${transaction.id}/pay`)).status).toBe(404);
  });
});

describe("cash-in: PENDING → CANCELED when it expires", () => {
  it("the expire trigger cancels it now and sends the CANCELED callback", async () => {
    const { transaction, path } = await createCashIn();
    const expired = await sandbox.served.call("POST", `/control/cash-ins/${transaction.id}/expire`);
    expect(expired.status).toBe(200);
    expect(expired.body.data.status).toBe("CANCELED");
    const [callback] = await eventually("the CANCELED callback", () => callbacksAt(path).length > 0 && callbacksAt(path));
    expect(callback!.body).toMatchObject({ id: transaction.id, status: "CANCELED", operation: "CASHIN" });
    expect((await sandbox.served.call("POST", `/control/cash-ins/${transaction.id}/pay`)).status).toBe(409);
  });
});

describe("cash-out: PENDING → SUCCEED or FAILED", () => {
  it("the settle trigger completes it and sends the SUCCEED callback (CASHOUT, no cash-in fields)", async () => {
    const { transaction, path } = await createCashOut();
    const settled = await sandbox.served.call("POST", `/control/cash-outs/${transaction.id}/settle`);
    expect(settled.status).toBe(200);
    expect(settled.body.data).toMatchObject({ id: transaction.id, status: "SUCCEED", operation: "CASH_OUT" });
    const [callback] = await eventually("the callback", () => callbacksAt(path).length > 0 && callbacksAt(path));
    expect(Object.keys(callback!.body).sort()).toEqual([...snapshotFields].sort());
    expect(callback!.body).toMatchObject({
      id: transaction.id,
      status: "SUCCEED",
      operation: "CASHOUT",
      codeCopyPaste: null,
      qrcodeImage: null,
      payer: null,
    });
    expect((await sandbox.served.call("POST", `/control/cash-outs/${transaction.id}/fail`)).status).toBe(409);
  });

  it("the fail trigger makes it FAILED", async () => {
    const { transaction, path } = await createCashOut();
    const failed = await sandbox.served.call("POST", `/control/cash-outs/${transaction.id}/fail`);
    expect(failed.body.data.status).toBe("FAILED");
    const [callback] = await eventually("the callback", () => callbacksAt(path).length > 0 && callbacksAt(path));
    expect(callback!.body.status).toBe("FAILED");
    expect(callback!.body.description).toMatch(/^CASH-OUT FAILED/);
    expect((await sandbox.served.call("POST", `/control/cash-outs/${transaction.id}/settle`)).status).toBe(409);
  });

  describe("settling by itself after the settlement delay", () => {
    let quick: ServedSandboxWallet;
    beforeAll(async () => {
      // A second front end on the same database whose cash-outs settle at once; the main worker settles them.
      quick = await serveSandboxWallet({ db: sandbox.connection.db, startWorker: false, settings: { cashOutSettlementDelayMs: 0 } });
    });
    afterAll(async () => {
      await quick?.close();
    });

    it("an ordinary cash-out becomes SUCCEED", async () => {
      const { transaction, path } = await createCashOut({}, uniquePath(), quick);
      const [callback] = await eventually("the callback", () => callbacksAt(path).length > 0 && callbacksAt(path));
      expect(callback!.body).toMatchObject({ id: transaction.id, status: "SUCCEED" });
    });

    it.each(Object.entries(cashOutFailureTestKeys))(
      "a cash-out to the %s test key %s becomes FAILED",
      async (pixDestinyType, pixDestinyKey) => {
        const { transaction, path } = await createCashOut({ pixDestinyType, pixDestinyKey }, uniquePath(), quick);
        expect(transaction.status).toBe("PENDING");
        const [callback] = await eventually("the callback", () => callbacksAt(path).length > 0 && callbacksAt(path));
        expect(callback!.body).toMatchObject({ id: transaction.id, status: "FAILED" });
        expect(callback!.body.description).toContain("TEST KEY");
      },
    );

    it("a cash-out of the test amount becomes FAILED whatever its key", async () => {
      const { transaction, path } = await createCashOut({ value: cashOutFailureTestValueCents }, uniquePath(), quick);
      const [callback] = await eventually("the callback", () => callbacksAt(path).length > 0 && callbacksAt(path));
      expect(callback!.body).toMatchObject({ id: transaction.id, status: "FAILED" });
      expect(callback!.body.description).toContain("TEST AMOUNT");
    });
  });
});

describe("callback retries", () => {
  it("retries a receiver that answers 500, with attempt numbers, until it recovers", async () => {
    const { transaction, path } = await createCashIn({}, uniquePath("/flaky"));
    await sandbox.served.call("POST", `/control/cash-ins/${transaction.id}/pay`);
    const received = await eventually("three attempts", () => callbacksAt(path).length >= 3 && callbacksAt(path));
    expect(received.map((callback) => callback.attempt)).toEqual([1, 2, 3]);
    expect(new Set(received.map((callback) => callback.logId)).size).toBe(3);
    // Every attempt carries the same snapshot.
    expect(received.every((callback) => JSON.stringify(callback.body) === JSON.stringify(received[0]!.body))).toBe(true);

    const logs = await eventually("the delivered state", async () => {
      const [delivery] = await deliveriesOf(transaction.id);
      return (
        delivery?.state === "DELIVERED" &&
        Promise.all(
          received.map(async (callback) => (await sandbox.served.call("GET", `/api/v1/callbacklogs/${callback.logId}`)).body.data),
        )
      );
    });
    expect(logs.map((log) => [log.attempt, log.status, log.responseStatus])).toEqual([
      [1, "FAILED", 500],
      [2, "FAILED", 500],
      [3, "SUCCESS", 200],
    ]);
    expect(logs[0].response).toEqual({ response: "temporarily broken" });
    expect(logs[2].response).toEqual({ ok: true });
  });

  it("gives up after the last retry of the schedule, logging every failed attempt (non-2xx, redirects included)", async () => {
    const { transaction, path } = await createCashIn({}, uniquePath("/down"));
    await sandbox.served.call("POST", `/control/cash-ins/${transaction.id}/pay`);
    await eventually("the delivery to give up", async () => (await deliveriesOf(transaction.id))[0]?.state === "GAVE_UP");
    const received = callbacksAt(path);
    // One attempt plus one per retry delay in the schedule ([50, 100] ms in these tests).
    expect(received.map((callback) => callback.attempt)).toEqual([1, 2, 3]);
    const logs = await Promise.all(
      received.map(async (callback) => (await sandbox.served.call("GET", `/api/v1/callbackLogs/${callback.logId}`)).body.data),
    );
    expect(logs.map((log) => [log.status, log.responseStatus])).toEqual([
      ["FAILED", 503],
      ["FAILED", 302],
      ["FAILED", 500],
    ]);
    expect(logs[0].response).toEqual({ error: "maintenance" });
  });

  it("logs an unreachable receiver with responseStatus 0 and the reason", async () => {
    const closed = await startCallbackReceiver();
    const unreachableUrl = closed.url("/nobody-home");
    await closed.close();
    const response = await sandbox.served.call("POST", "/api/v1/wallets/in", { body: cashInBody(unreachableUrl) });
    const id = response.body.data.id;
    await sandbox.served.call("POST", `/control/cash-ins/${id}/pay`);
    await eventually("the delivery to give up", async () => (await deliveriesOf(id))[0]?.state === "GAVE_UP");
    const logs = await sandbox.connection.db.select().from(callbackLogs).where(eq(callbackLogs.transactionId, id));
    expect(logs).toHaveLength(3);
    for (const log of logs) {
      expect(log).toMatchObject({ status: "FAILED", responseStatus: 0, url: unreachableUrl, response: { response: "connection refused" } });
    }
  });
});

describe("resend simulation (spec 4.4)", () => {
  it("delivers the current snapshot to newCallbackUrl now, and keeps the transaction's callbackUrl", async () => {
    const { transaction, path } = await createCashIn();
    await sandbox.served.call("POST", `/control/cash-ins/${transaction.id}/pay`);
    await eventually("the first callback", () => callbacksAt(path).length > 0);

    const newPath = uniquePath("/new-receiver");
    const resend = await sandbox.served.call("POST", "/api/v1/simulations/resend/callback", {
      body: { id: transaction.id, newCallbackUrl: sandbox.receiver.url(newPath) },
    });
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({ success: true, messageError: null, data: null });

    const [callback] = await eventually("the resent callback", () => callbacksAt(newPath).length > 0 && callbacksAt(newPath));
    expect(callback!.body).toMatchObject({
      id: transaction.id,
      status: "SUCCEED",
      operation: "CASHIN",
      callbackUrl: sandbox.receiver.url(path),
    });
    expect(callbacksAt(path)).toHaveLength(1);
    const log = await eventually("the resend's log", async () => {
      const response = await sandbox.served.call("GET", `/api/v1/callbacklogs/${callback!.logId}`);
      return response.body.data?.status === "SUCCESS" && response.body.data;
    });
    expect(log.url).toBe(sandbox.receiver.url(newPath));
    expect(log.request).toEqual(callback!.body);
  });

  it("without newCallbackUrl, re-delivers to the callbackUrl; it works for a pending cash-out too", async () => {
    const { transaction, path } = await createCashOut();
    const resend = await sandbox.served.call("POST", "/api/v1/simulations/resend/callback", { body: { id: transaction.id } });
    expect(resend.body).toEqual({ success: true, messageError: null, data: null });
    const [callback] = await eventually("the resent callback", () => callbacksAt(path).length > 0 && callbacksAt(path));
    expect(callback!.body).toMatchObject({ id: transaction.id, status: "PENDING", operation: "CASHOUT" });
    const current = await sandbox.served.call("GET", `/control/transactions/${transaction.id}`);
    expect(current.body.data.status).toBe("PENDING");
  });
});

// These move the wallet's clock forward, so they run last: every cash-in still pending expires.
describe("expiry without a trigger", () => {
  it("the worker cancels a pending cash-in once expireInMinutes have passed", async () => {
    const { transaction, path } = await createCashIn({ expireInMinutes: 1 });
    clockOffsetMs += 61_000;
    const [callback] = await eventually("the CANCELED callback", () => callbacksAt(path).length > 0 && callbacksAt(path));
    expect(callback!.body).toMatchObject({ id: transaction.id, status: "CANCELED" });
    expect(callback!.body.description).toContain("EXPIRED");
  });

  it("uses the default of 30 minutes when expireInMinutes is left out", async () => {
    const { transaction, path } = await createCashIn({ expireInMinutes: undefined });
    clockOffsetMs += 29 * 60_000;
    await sandbox.served.wallet.runWorkerOnce();
    expect((await sandbox.served.call("GET", `/control/transactions/${transaction.id}`)).body.data.status).toBe("PENDING");
    clockOffsetMs += 2 * 60_000;
    await eventually("the CANCELED callback", () => callbacksAt(path).length > 0);
    expect((await sandbox.served.call("GET", `/control/transactions/${transaction.id}`)).body.data.status).toBe("CANCELED");
  });

  it("paying a cash-in past its expiry answers 409 and cancels it", async () => {
    const { transaction } = await createCashIn({ expireInMinutes: 5 });
    await sandbox.served.stopWorker(); // so the trigger, not the worker, meets the expired cash-in
    clockOffsetMs += 6 * 60_000;
    const paid = await sandbox.served.call("POST", `/control/cash-ins/${transaction.id}/pay`);
    expect(paid.status).toBe(409);
    expect(paid.body.messageError).toContain("expired");
    expect((await sandbox.served.call("GET", `/control/transactions/${transaction.id}`)).body.data.status).toBe("CANCELED");
    const deliveries = await sandbox.connection.db
      .select()
      .from(callbackDeliveries)
      .where(and(eq(callbackDeliveries.transactionId, transaction.id), eq(callbackDeliveries.reason, "STATUS_CHANGE")));
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.payload).toMatchObject({ status: "CANCELED" });
  });
});

describe("a receiver that never answers", () => {
  let slowDatabase: SandboxTestDatabase;
  let slowConnection: DatabaseConnection;
  let slow: ServedSandboxWallet;
  let hanging: CallbackReceiver;

  beforeAll(async () => {
    slowDatabase = await createSandboxTestDatabase();
    slowConnection = await slowDatabase.connect();
    hanging = await startCallbackReceiver();
    hanging.answer(() => ({ hang: true }));
    slow = await serveSandboxWallet({ db: slowConnection.db, settings: { callbackTimeoutMs: 200, callbackRetryScheduleMs: [] } });
  });
  afterAll(async () => {
    await slow?.close();
    await hanging?.close();
    await slowConnection?.close();
    await slowDatabase?.dispose();
  });

  it("times out: the attempt is FAILED with responseStatus 0", async () => {
    const created = await slow.call("POST", "/api/v1/wallets/in", { body: cashInBody(hanging.url("/hang")) });
    await slow.call("POST", `/control/cash-ins/${created.body.data.id}/pay`);
    const [callback] = await eventually("the attempt", () => hanging.received.length > 0 && hanging.received);
    const log = await eventually("the timed-out log", async () => {
      const response = await slow.call("GET", `/api/v1/callbacklogs/${callback!.logId}`);
      return response.body.data?.status !== "PENDING" && response.body.data;
    });
    expect(log).toMatchObject({ status: "FAILED", responseStatus: 0, response: { response: "no response within 200 ms" } });
  });
});
