// The receiver's delivery slots: never more than the limit at once, the waiting ones started in
// arrival order, a failed delivery's slot freed, and 0 meaning no limit.
import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
const { createDeliverySlots } = await import("@/lib/callbacks/receiver-route");

/** Work that runs until the test finishes it, recording when it started. */
function controllable(started: number[], running: { now: number; most: number }) {
  const finishers: Array<(fail?: boolean) => void> = [];
  const make = (index: number) => () =>
    new Promise<number>((resolve, reject) => {
      started.push(index);
      running.now++;
      running.most = Math.max(running.most, running.now);
      finishers[index] = (fail) => {
        running.now--;
        if (fail) reject(new Error(`delivery ${index} failed`));
        else resolve(index);
      };
    });
  return { make, finish: (index: number, fail?: boolean) => finishers[index]!(fail) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("createDeliverySlots", () => {
  it("works on at most `limit` deliveries at once and starts the others in arrival order", async () => {
    const started: number[] = [];
    const running = { now: 0, most: 0 };
    const work = controllable(started, running);
    const run = createDeliverySlots(2);
    // Each outcome read at once, so the failed one is never an unhandled rejection.
    const results = [0, 1, 2, 3, 4].map((index) => run(work.make(index)).catch((error: Error) => error.message));
    await settle();
    expect(started).toEqual([0, 1]);
    work.finish(1);
    await settle();
    expect(started).toEqual([0, 1, 2]);
    work.finish(0, true); // a failed delivery frees its slot too
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    work.finish(2);
    work.finish(3);
    await settle();
    work.finish(4);
    expect(await Promise.all(results)).toEqual(["delivery 0 failed", 1, 2, 3, 4]);
    expect(running.most).toBe(2);
  });

  it("with 0 starts every delivery at once", async () => {
    const started: number[] = [];
    const running = { now: 0, most: 0 };
    const work = controllable(started, running);
    const run = createDeliverySlots(0);
    const results = [0, 1, 2, 3, 4].map((index) => run(work.make(index)));
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    for (const index of [0, 1, 2, 3, 4]) work.finish(index);
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(running.most).toBe(5);
  });
});
