import { describe, expect, it } from "vitest";
import { sameOrNext } from "@/components/live/use-live-state";

describe("sameOrNext", () => {
  it("keeps the current state when the new one says the same", () => {
    const current = { status: "PENDING", charge: { id: "a", amountCents: 1_000 } };
    const repeated = { status: "PENDING", charge: { id: "a", amountCents: 1_000 } };
    expect(sameOrNext(current, repeated)).toBe(current);
  });

  it("takes the new state when anything in it changed", () => {
    const current = { status: "PENDING", charge: { id: "a", amountCents: 1_000 } };
    const paid = { status: "SUCCEED", charge: { id: "a", amountCents: 1_000 } };
    expect(sameOrNext(current, paid)).toBe(paid);
    const other = { status: "PENDING", charge: { id: "b", amountCents: 1_000 } };
    expect(sameOrNext(current, other)).toBe(other);
  });

  it("takes the new state when the current one cannot be compared", () => {
    const current: Record<string, unknown> = { status: "PENDING" };
    current.self = current;
    const next = { status: "PENDING" };
    expect(sameOrNext<Record<string, unknown>>(current, next)).toBe(next);
  });
});
