// QA's "hold the next creation answers" control with two app instances serving one sandbox wallet
// (one database): the control may reach one instance and the next creation the other, so the hold
// lives in the database and each held answer is taken once, whichever instance serves it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseConnection } from "@/lib/db/client";
import {
  cashInBody,
  cashOutBody,
  createSandboxTestDatabase,
  serveSandboxWallet,
  startCallbackReceiver,
  type CallbackReceiver,
  type SandboxTestDatabase,
  type ServedSandboxWallet,
} from "@/test/support/sandbox-wallet";

let database: SandboxTestDatabase;
let connection: DatabaseConnection;
let receiver: CallbackReceiver;
let instanceA: ServedSandboxWallet;
let instanceB: ServedSandboxWallet;

beforeAll(async () => {
  database = await createSandboxTestDatabase();
  connection = await database.connect();
  receiver = await startCallbackReceiver();
  instanceA = await serveSandboxWallet({ db: connection.db, startWorker: false });
  instanceB = await serveSandboxWallet({ db: connection.db, startWorker: false });
});

afterAll(async () => {
  await instanceA?.close();
  await instanceB?.close();
  await receiver?.close();
  await connection?.close();
  await database?.dispose();
});

const stillWaitingAfter = (ms: number) => new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), ms));

describe("slow answers across instances", () => {
  it("a hold asked of one instance holds the next creation served by the other, once", async () => {
    const held = await instanceA.call("POST", "/control/slow-answers", { body: { count: 1, delayMs: 4_000 } });
    expect(held.status).toBe(200);

    // Held for 4 s: still unanswered after 1.5 s (an unheld creation answers in milliseconds).
    const slow = instanceB.call("POST", "/api/v1/wallets/in", { body: cashInBody(receiver.url()) });
    expect(await Promise.race([slow.then(() => "answered"), stillWaitingAfter(1_500)])).toBe("still waiting");

    // The one held answer is taken: the next creation, on either instance, is not held.
    const next = instanceA.call("POST", "/api/v1/wallets/out", { body: cashOutBody(receiver.url()) });
    expect(await Promise.race([next.then((answer) => answer.status), stillWaitingAfter(3_000)])).toBe(200);
    expect((await slow).status).toBe(200);
  });
});
