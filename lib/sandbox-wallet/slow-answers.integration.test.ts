// QA's "hold the next creation answers" control with two app instances serving one sandbox wallet
// (one database): the control may reach one instance and the next creation the other, so the hold
// lives in the database and each held answer is taken once, whichever instance serves it.
import { describe, expect, it } from "vitest";
import { cashInBody, cashOutBody, sandboxWalletPerFile, serveSandboxWallet, type ServedSandboxWallet } from "@/test/support/sandbox-wallet";

// Two instances on one database: the fixture's wallet is instance A.
let instanceB: ServedSandboxWallet;
const sandbox = sandboxWalletPerFile(async ({ connection, stopAfterAll }) => {
  instanceB = stopAfterAll(await serveSandboxWallet({ db: connection.db, startWorker: false }));
  return { startWorker: false };
});

const stillWaitingAfter = (ms: number) => new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), ms));

describe("slow answers across instances", () => {
  it("a hold asked of one instance holds the next creation served by the other, once", async () => {
    const held = await sandbox.served.call("POST", "/control/slow-answers", { body: { count: 1, delayMs: 4_000 } });
    expect(held.status).toBe(200);

    // Held for 4 s: still unanswered after 1.5 s (an unheld creation answers in milliseconds).
    const slow = instanceB.call("POST", "/api/v1/wallets/in", { body: cashInBody(sandbox.receiver.url()) });
    expect(await Promise.race([slow.then(() => "answered"), stillWaitingAfter(1_500)])).toBe("still waiting");

    // The one held answer is taken: the next creation, on either instance, is not held.
    const next = sandbox.served.call("POST", "/api/v1/wallets/out", { body: cashOutBody(sandbox.receiver.url()) });
    expect(await Promise.race([next.then((answer) => answer.status), stillWaitingAfter(3_000)])).toBe(200);
    expect((await slow).status).toBe(200);
  });
});
