// Callback deliveries are durable: they survive a restart of the server (same PGlite folder, or
// the same PostgreSQL database), and several workers never deliver the same attempt twice.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseConnection } from "@/lib/db/client";
import {
  cashInBody,
  createSandboxTestDatabase,
  eventually,
  isPostgres,
  serveSandboxWallet,
  startCallbackReceiver,
  type CallbackReceiver,
  type SandboxTestDatabase,
  type ServedSandboxWallet,
} from "@/test/support/sandbox-wallet";
import { callbackDeliveries, callbackLogs } from "./schema";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => {});
});

async function track<T extends { close: () => Promise<void> }>(opened: Promise<T>): Promise<T> {
  const value = await opened;
  cleanups.push(() => value.close());
  return value;
}

async function newDatabase(options: { onDisk?: boolean } = {}): Promise<SandboxTestDatabase> {
  const database = await createSandboxTestDatabase(options);
  cleanups.unshift(() => database.dispose()); // removed last, after every connection is closed
  return database;
}

async function payNewCashIn(wallet: ServedSandboxWallet, callbackUrl: string): Promise<string> {
  const created = await wallet.call("POST", "/api/v1/wallets/in", { body: cashInBody(callbackUrl) });
  expect(created.status).toBe(200);
  const paid = await wallet.call("POST", `/control/cash-ins/${created.body.data.id}/pay`);
  expect(paid.status).toBe(200);
  return created.body.data.id;
}

describe("deliveries survive a restart", () => {
  it("a failing delivery and a never-attempted one are both delivered by the next server, attempts continuing", async () => {
    const database = await newDatabase({ onDisk: true });
    const receiver: CallbackReceiver = await track(startCallbackReceiver());
    let receiverIsUp = false;
    receiver.answer(() =>
      receiverIsUp ? { status: 200, body: '{"ok":true}', contentType: "application/json" } : { status: 500, body: "down" },
    );
    // Retries a second apart, so the restart happens between attempts.
    const settings = { callbackRetryScheduleMs: [1_000, 1_000, 1_000] };

    // First server: one callback fails once; a second one is queued while its worker is stopped.
    const firstConnection: DatabaseConnection = await database.connect();
    const first = await serveSandboxWallet({ db: firstConnection.db, settings });
    const failingId = await payNewCashIn(first, receiver.url("/failing"));
    await eventually("the first attempt to fail", async () => {
      const logs = await firstConnection.db.select().from(callbackLogs).where(eq(callbackLogs.transactionId, failingId));
      return logs.some((log) => log.status === "FAILED");
    });
    await first.stopWorker();
    const queuedId = await payNewCashIn(first, receiver.url("/queued"));
    const attemptsBeforeRestart = receiver.received.filter((callback) => callback.path === "/failing").map((callback) => callback.attempt);
    expect(receiver.received.filter((callback) => callback.path === "/queued")).toHaveLength(0);
    await first.close();
    await firstConnection.close();

    // Second server on the same data.
    receiverIsUp = true;
    const secondConnection = await track(database.connect());
    const second = await track(serveSandboxWallet({ db: secondConnection.db, settings }));

    const delivered = await eventually("both deliveries", async () => {
      const rows = await secondConnection.db.select().from(callbackDeliveries);
      return rows.length === 2 && rows.every((row) => row.state === "DELIVERED") && rows;
    });
    expect(delivered).toHaveLength(2);

    const failing = receiver.received.filter((callback) => callback.path === "/failing");
    const lastBefore = Math.max(...attemptsBeforeRestart);
    expect(failing.map((callback) => callback.attempt)).toEqual([...attemptsBeforeRestart, lastBefore + 1]);
    expect(failing.at(-1)!.body).toMatchObject({ id: failingId, status: "SUCCEED" });

    const queued = receiver.received.filter((callback) => callback.path === "/queued");
    expect(queued.map((callback) => callback.attempt)).toEqual([1]);
    expect(queued[0]!.body).toMatchObject({ id: queuedId, status: "SUCCEED" });

    // The logs written before and after the restart are all readable from the new server.
    for (const callback of [...failing, ...queued]) {
      const log = await second.call("GET", `/api/v1/callbacklogs/${callback.logId}`);
      expect(log.status).toBe(200);
      expect(log.body.data.id).toBe(callback.logId);
    }
  });

  it("an attempt interrupted by a stop (its log still PENDING) counts as failed and is retried with the next number", async () => {
    const database = await newDatabase();
    const receiver = await track(startCallbackReceiver());
    const connection = await track(database.connect());
    const wallet = await track(
      serveSandboxWallet({ db: connection.db, startWorker: false, settings: { callbackRetryScheduleMs: [10, 10] } }),
    );
    const id = await payNewCashIn(wallet, receiver.url("/interrupted"));

    // What a server killed mid-attempt leaves behind: a claimed delivery whose lease has run out, and a PENDING log.
    const [delivery] = await connection.db.select().from(callbackDeliveries).where(eq(callbackDeliveries.transactionId, id));
    await connection.db.insert(callbackLogs).values({
      id: "0b9c2d1e-58a3-4f6e-9a6b-1c2d3e4f5a6b",
      deliveryId: delivery!.id,
      transactionId: id,
      attempt: 1,
      url: delivery!.url,
      status: "PENDING",
      responseStatus: 0,
      request: delivery!.payload,
      response: {},
      createdAt: new Date(Date.now() - 60_000),
    });
    await connection.db
      .update(callbackDeliveries)
      .set({ claimedBy: "a-worker-that-died", claimedUntil: new Date(Date.now() - 1_000) })
      .where(eq(callbackDeliveries.id, delivery!.id));

    await wallet.wallet.runWorkerOnce();
    expect(receiver.received.map((callback) => callback.attempt)).toEqual([2]);
    const interrupted = await wallet.call("GET", "/api/v1/callbacklogs/0b9c2d1e-58a3-4f6e-9a6b-1c2d3e4f5a6b");
    expect(interrupted.body.data).toMatchObject({
      status: "FAILED",
      responseStatus: 0,
      response: { response: expect.stringContaining("interrupted") },
    });
  });
});

describe("several workers", () => {
  it("never deliver the same attempt twice", async () => {
    const database = await newDatabase();
    const receiver = await track(startCallbackReceiver());
    // Every first attempt fails, so retries are contended too.
    receiver.answer((callback) =>
      callback.attempt === 1
        ? { status: 500, body: "first attempt refused" }
        : { status: 200, body: "{}", contentType: "application/json" },
    );

    const firstConnection = await track(database.connect());
    // PostgreSQL: a second pool, as a second app instance would have. PGlite allows one connection, so both share it.
    const secondConnection = isPostgres ? await track(database.connect()) : firstConnection;
    // A generous answer timeout: this test is about claims, and on a busy machine (PGlite runs the
    // four workers' statements on one thread) a 5 s timeout failed a few first attempts before the
    // receiver read them, so the receiver saw 57 of 60 attempts (timeouts are tested above).
    const settings = { callbackRetryScheduleMs: [5, 5], workerPollIntervalMs: 5, callbackTimeoutMs: 60_000 };
    const front = await track(serveSandboxWallet({ db: firstConnection.db, startWorker: false, settings }));

    const count = 30;
    const ids: string[] = [];
    for (let index = 0; index < count; index++) ids.push(await payNewCashIn(front, receiver.url(`/contended/${index}`)));

    const workers = await Promise.all(
      [firstConnection, secondConnection, firstConnection, secondConnection].map((connection) =>
        track(serveSandboxWallet({ db: connection.db, settings })),
      ),
    );
    expect(workers).toHaveLength(4);

    await eventually(
      "every delivery to be delivered",
      async () => {
        const rows = await firstConnection.db.select().from(callbackDeliveries);
        return rows.length === count && rows.every((row) => row.state === "DELIVERED");
      },
      30_000,
    );

    const received = receiver.received;
    const attemptKeys = received.map((callback) => `${callback.body.id}#${callback.attempt}`);
    expect(new Set(attemptKeys).size).toBe(attemptKeys.length);
    expect(received).toHaveLength(count * 2);
    expect(new Set(received.map((callback) => callback.logId)).size).toBe(count * 2);
    for (const id of ids) {
      expect(attemptKeys.filter((key) => key.startsWith(`${id}#`)).sort()).toEqual([`${id}#1`, `${id}#2`]);
    }
    const logs = await firstConnection.db.select().from(callbackLogs);
    expect(logs).toHaveLength(count * 2);
  });
});
