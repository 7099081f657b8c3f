// The batch queue's scheduling, with a `run` the test holds open and lets go: an item alone goes at
// once; items that arrive while batches are on their way go together; a key is never in flight
// twice; a failed batch is tried again item by item.
import { describe, expect, it } from "vitest";
import { createBatchQueue } from "@/lib/callbacks/delivery-batches";

/** A `run` that records each batch and answers only when the test says so. */
function heldRun() {
  const batches: string[][] = [];
  const pending: Array<{ items: string[]; answer: (fail?: (item: string) => boolean) => void }> = [];
  const run = (items: string[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push(items);
      pending.push({
        items,
        answer: (fail) => {
          const failing = items.find((item) => fail?.(item));
          if (failing) reject(new Error(`failed on ${failing}`));
          else resolve(items.map((item) => `answer to ${item}`));
        },
      });
    });
  /** Lets the oldest open batch answer, and waits for what it sets off. */
  const release = async (fail?: (item: string) => boolean) => {
    pending.shift()!.answer(fail);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { run, batches, pending, release };
}

describe("the delivery batch queue", () => {
  it("sends an item alone at once, and the items that arrive meanwhile together once a batch is free", async () => {
    const held = heldRun();
    const queue = createBatchQueue(held.run, { maxInFlight: 1, maxItems: 10 });
    const first = queue.submit("a", "a1");
    expect(held.batches).toEqual([["a1"]]);
    const others = ["b1", "c1", "d1"].map((item) => queue.submit(item[0]!, item));
    expect(held.batches).toHaveLength(1);
    await held.release();
    expect(await first).toBe("answer to a1");
    expect(held.batches).toEqual([["a1"], ["b1", "c1", "d1"]]);
    await held.release();
    expect(await Promise.all(others)).toEqual(["answer to b1", "answer to c1", "answer to d1"]);
  });

  it("keeps at most maxInFlight batches of at most maxItems on their way", async () => {
    const held = heldRun();
    const queue = createBatchQueue(held.run, { maxInFlight: 2, maxItems: 2 });
    const answers = ["a", "b", "c", "d", "e", "f", "g"].map((key) => queue.submit(key, key));
    // a and b each found a free slot as they came; the others wait for one.
    expect(held.batches).toEqual([["a"], ["b"]]);
    await held.release();
    expect(held.batches).toEqual([["a"], ["b"], ["c", "d"]]);
    await held.release();
    expect(held.batches).toEqual([["a"], ["b"], ["c", "d"], ["e", "f"]]);
    await held.release();
    await held.release();
    await held.release();
    expect(held.batches).toEqual([["a"], ["b"], ["c", "d"], ["e", "f"], ["g"]]);
    expect(await Promise.all(answers)).toHaveLength(7);
  });

  it("never has two items of one key on their way at once, and sends a key's items in arrival order", async () => {
    const held = heldRun();
    const queue = createBatchQueue(held.run, { maxInFlight: 2, maxItems: 10 });
    const answers = [queue.submit("t1", "t1 PENDING"), queue.submit("t1", "t1 SUCCEED"), queue.submit("t2", "t2 PENDING")];
    // The second batch may not take t1's SUCCEED while its PENDING is on its way.
    expect(held.batches).toEqual([["t1 PENDING"], ["t2 PENDING"]]);
    const duplicate = queue.submit("t1", "t1 SUCCEED again");
    await held.release();
    expect(held.batches[2]).toEqual(["t1 SUCCEED"]);
    await held.release();
    await held.release();
    expect(held.batches[3]).toEqual(["t1 SUCCEED again"]);
    await held.release();
    expect(await Promise.all([...answers, duplicate])).toEqual([
      "answer to t1 PENDING",
      "answer to t1 SUCCEED",
      "answer to t2 PENDING",
      "answer to t1 SUCCEED again",
    ]);
  });

  it("tries a failed batch's items again one by one, so only the failing item fails", async () => {
    const held = heldRun();
    const queue = createBatchQueue(held.run, { maxInFlight: 1, maxItems: 10 });
    const first = queue.submit("a", "a");
    const [good, bad] = [queue.submit("b", "b"), queue.submit("c", "c")];
    const badFails = expect(bad).rejects.toThrow("failed on c");
    await held.release();
    await first;
    await held.release((item) => item === "c");
    expect(held.batches.slice(2)).toEqual([["b"], ["c"]]);
    await held.release((item) => item === "c");
    await held.release((item) => item === "c");
    expect(await good).toBe("answer to b");
    await badFails;
  });
});
