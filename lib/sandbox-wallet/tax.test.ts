import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeTax } from "./tax";

describe("tax rule", () => {
  it("takes the percentage in basis points, rounded half up to whole cents, plus the fixed part", () => {
    expect(computeTax(12_345, { basisPoints: 99, fixedCents: 0 })).toBe(122); // 122.2155
    expect(computeTax(5_000, { basisPoints: 99, fixedCents: 0 })).toBe(50); // 49.5 rounds up
    expect(computeTax(4_999, { basisPoints: 99, fixedCents: 0 })).toBe(49); // 49.4901
    expect(computeTax(2_500, { basisPoints: 0, fixedCents: 50 })).toBe(50);
    expect(computeTax(10_000, { basisPoints: 150, fixedCents: 25 })).toBe(175);
  });

  it("is a whole number of cents, at least the fixed part, and never decreases as the value grows", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        (value, basisPoints, fixedCents) => {
          const rule = { basisPoints, fixedCents };
          const tax = computeTax(value, rule);
          expect(Number.isSafeInteger(tax)).toBe(true);
          expect(tax).toBeGreaterThanOrEqual(fixedCents);
          expect(computeTax(value + 1, rule)).toBeGreaterThanOrEqual(tax);
        },
      ),
    );
  });
});
