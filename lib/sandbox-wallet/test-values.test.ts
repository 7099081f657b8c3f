import { describe, expect, it } from "vitest";
import { cashOutFailureTestKeys, cashOutFailureTestValueCents, planCashOutOutcome } from "./test-values";

describe("cash-out test values", () => {
  it.each(Object.entries(cashOutFailureTestKeys) as Array<[keyof typeof cashOutFailureTestKeys, string]>)(
    "the %s test key fails",
    (type, key) => {
      expect(planCashOutOutcome(type, key, 1_000)).toMatchObject({ outcome: "FAILED", failureReason: expect.stringContaining("test key") });
    },
  );

  it("recognizes a test key however it is written", () => {
    expect(planCashOutOutcome("DOCUMENT", "000.000.001-91", 1_000).outcome).toBe("FAILED");
    expect(planCashOutOutcome("EMAIL", "Failure@Sandbox.TEST", 1_000).outcome).toBe("FAILED");
    expect(planCashOutOutcome("RANDOM", "00000000-0000-4000-8000-000000000000".toUpperCase(), 1_000).outcome).toBe("FAILED");
  });

  it("the test amount fails whatever the key", () => {
    expect(planCashOutOutcome("EMAIL", "ana@example.com", cashOutFailureTestValueCents)).toMatchObject({
      outcome: "FAILED",
      failureReason: expect.stringContaining("test amount"),
    });
  });

  it("anything else succeeds, including a test key used with another type", () => {
    expect(planCashOutOutcome("EMAIL", "ana@example.com", 1_000)).toEqual({ outcome: "SUCCEED", failureReason: null });
    expect(planCashOutOutcome("EMAIL", "ana@example.com", cashOutFailureTestValueCents + 1).outcome).toBe("SUCCEED");
  });
});
