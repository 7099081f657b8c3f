// The live status's polling schedule: however long a transaction stays pending, a status change
// is seen within a second of landing in the ledger (when the event stream is down).
import { describe, expect, it } from "vitest";
import { isFinalStatus, maxLivePollDelayMs, nextLivePollDelay, nextPollDelay, pollDelayAfter } from "@/lib/transactions/status-polling";

/** The times (ms after the page opened) at which the live status asks, over `horizonMs`. */
function livePollTimes(horizonMs: number): number[] {
  const times: number[] = [];
  let delay: number | undefined;
  for (let at = 0; at <= horizonMs; ) {
    delay = nextLivePollDelay(delay);
    at += delay;
    times.push(at);
  }
  return times;
}

describe("live status polling", () => {
  it("starts within half a second and never waits more than a second between two reads", () => {
    const times = livePollTimes(10 * 60_000);
    expect(times[0]).toBe(500);
    const gaps = times.slice(1).map((time, index) => time - times[index]!);
    expect(Math.max(...gaps)).toBe(maxLivePollDelayMs);
    expect(maxLivePollDelayMs).toBeLessThanOrEqual(1_000);
  });

  it("sees a settlement at any moment within a second (the sandbox settles cash-outs after 3 s)", () => {
    const times = livePollTimes(120_000);
    for (let settledAt = 0; settledAt <= 110_000; settledAt += 37) {
      const seenAt = times.find((time) => time >= settledAt)!;
      expect(seenAt - settledAt).toBeLessThanOrEqual(1_000);
    }
  });

  it("keeps the heavier reads (a page of rows, a transaction's timeline) backing off", () => {
    expect(nextPollDelay(undefined)).toBe(2_000);
    expect(nextPollDelay(10_000)).toBe(10_000);
  });

  it("gives a query the same schedule by the number of polls made (pollDelayAfter)", () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(pollDelayAfter)).toEqual([2_000, 3_000, 4_500, 6_750, 10_000, 10_000, 10_000]);
  });

  it("stops at a final status", () => {
    expect(["SUCCEED", "FAILED", "CANCELED"].every(isFinalStatus)).toBe(true);
    expect(isFinalStatus("PENDING")).toBe(false);
    expect(isFinalStatus(null)).toBe(false);
  });
});
