// The forms' idempotency keys: a fresh one is a v4 UUID (what the actions' schemas accept) and new
// every time; a key is spent once marked.
import { describe, expect, it } from "vitest";
import { freshIdempotencyKey, isIdempotencyKeySpent, markIdempotencyKeySpent } from "@/components/forms/idempotency-keys";

describe("idempotency keys", () => {
  it("makes v4 UUIDs, never the same one twice", () => {
    const keys = Array.from({ length: 2000 }, freshIdempotencyKey);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("remembers a spent key", () => {
    const key = freshIdempotencyKey();
    expect(isIdempotencyKeySpent(key)).toBe(false);
    markIdempotencyKeySpent(key);
    expect(isIdempotencyKeySpent(key)).toBe(true);
  });
});
