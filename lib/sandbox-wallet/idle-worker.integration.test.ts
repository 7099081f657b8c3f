// The delivery worker when idle: it does not poll the tables every interval but asks once when the
// next thing is due and sleeps until then (or until work queued in this process wakes it). With a
// one-minute fallback interval, these deliveries and settlements can only be on time if the worker
// wakes at their due time or on the in-process signal.
import { describe, expect, it, vi } from "vitest";
import { cashInBody, cashOutBody, sandboxWalletPerFile, eventually } from "@/test/support/sandbox-wallet";
import { findNextDueAt } from "./delivery-worker";

const sandbox = sandboxWalletPerFile(() => ({
  settings: { workerPollIntervalMs: 60_000, cashOutSettlementDelayMs: 300, callbackRetryScheduleMs: [400] },
}));

describe("the idle delivery worker", () => {
  it("sends a callback queued in this process at once (woken, not polled)", async () => {
    const created = await sandbox.served.call("POST", "/api/v1/wallets/in", { body: cashInBody(sandbox.receiver.url("/paid")) });
    await sandbox.served.call("POST", `/control/cash-ins/${created.body.data.id}/pay`);
    const callback = await eventually("the SUCCEED callback", () => sandbox.receiver.received.find((entry) => entry.path === "/paid"));
    expect(callback.body).toMatchObject({ id: created.body.data.id, status: "SUCCEED" });
  });

  it("settles a cash-out at its settlement time, long before the fallback interval", async () => {
    const created = await sandbox.served.call("POST", "/api/v1/wallets/out", { body: cashOutBody(sandbox.receiver.url("/settled")) });
    const callback = await eventually("the settlement callback", () =>
      sandbox.receiver.received.find((entry) => entry.path === "/settled"),
    );
    expect(callback.body).toMatchObject({ id: created.body.data.id, status: "SUCCEED" });
  });

  it("retries a failed callback at its retry time", async () => {
    sandbox.receiver.answer((callback) =>
      callback.path === "/flaky" && callback.attempt === 1 ? { status: 500, body: "down" } : { status: 200 },
    );
    const created = await sandbox.served.call("POST", "/api/v1/wallets/in", { body: cashInBody(sandbox.receiver.url("/flaky")) });
    await sandbox.served.call("POST", `/control/cash-ins/${created.body.data.id}/pay`);
    const retried = await eventually("the second attempt", () =>
      sandbox.receiver.received.find((entry) => entry.path === "/flaky" && entry.attempt === 2),
    );
    expect(retried.body).toMatchObject({ status: "SUCCEED" });
  });

  it("touches the database at most once per fallback interval when nothing is due", async () => {
    // The worker touches the database only in a round, and a round starts when its sleep ends or on
    // wake(). Watching the timers it sets (no fixed wait): after a woken round, with nothing due for
    // 15 minutes, it sleeps the whole fallback interval (60 s) rather than polling.
    const timers = vi.spyOn(globalThis, "setTimeout");
    try {
      // Only a far-away expiry is scheduled now (the cash-ins above are paid; a 15-minute one remains).
      await sandbox.served.call("POST", "/api/v1/wallets/in", { body: cashInBody(sandbox.receiver.url("/later")) });
      // A paid cash-in wakes the worker for one round (its callback), after which it sleeps again.
      const paid = await sandbox.served.call("POST", "/api/v1/wallets/in", { body: cashInBody(sandbox.receiver.url("/wake")) });
      await sandbox.served.call("POST", `/control/cash-ins/${paid.body.data.id}/pay`);
      await eventually("the woken round's callback", () => sandbox.receiver.received.find((entry) => entry.path === "/wake"));
      const fallbackSleeps = () => timers.mock.calls.filter(([, ms]) => ms === 60_000).length;
      await expect.poll(fallbackSleeps, { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      timers.mockRestore();
    }
  });

  it("knows the next due time: the earliest expiry, settlement or attempt", async () => {
    // The 15-minute cash-in above is the only thing scheduled, once the round the last test woke has
    // recorded its callback attempt (the receiver can see the callback a moment before the worker
    // marks the attempt done, and until then that attempt is "due now").
    await expect
      .poll(async () => (await findNextDueAt(sandbox.connection.db))?.getTime() ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(await findNextDueAt(sandbox.connection.db)).toBeInstanceOf(Date);
  });
});
