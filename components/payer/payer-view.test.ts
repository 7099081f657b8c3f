import { describe, expect, it } from "vitest";
import { formatTimeLeft, msUntilNextTick, payerView } from "@/components/payer/payer-view";

describe("payerView", () => {
  it("turns to expired the moment the time left reaches zero, while the server still says PENDING", () => {
    expect(payerView("PENDING", 1)).toBe("pending");
    expect(payerView("PENDING", 0)).toBe("expired");
    expect(payerView("PENDING", -17_000)).toBe("expired");
    expect(payerView(null, 0)).toBe("expired");
  });

  it("keeps saying expired when the server confirms with CANCELED, and shows a payment that landed at the deadline", () => {
    expect(payerView("CANCELED", -20_000)).toBe("expired");
    expect(payerView("FAILED", -20_000)).toBe("expired");
    expect(payerView("SUCCEED", -1_000)).toBe("paid");
  });

  it("follows the server before the deadline and without one", () => {
    expect(payerView("SUCCEED", 60_000)).toBe("paid");
    expect(payerView("CANCELED", 60_000)).toBe("closed");
    expect(payerView("PENDING", null)).toBe("pending");
    expect(payerView("CANCELED", null)).toBe("closed");
  });
});

describe("formatTimeLeft", () => {
  it("rounds up, so 00:00 never shows while the charge can still be paid", () => {
    expect(formatTimeLeft(1)).toBe("00:01");
    expect(formatTimeLeft(1_000)).toBe("00:01");
    expect(formatTimeLeft(59_001)).toBe("01:00");
    expect(formatTimeLeft(30 * 60_000)).toBe("30:00");
    expect(formatTimeLeft(3_600_000 + 61_000)).toBe("1:01:01");
    expect(formatTimeLeft(-5)).toBe("00:00");
  });
});

describe("msUntilNextTick", () => {
  it("wakes exactly when the shown second changes, so the switch to expired is not late", () => {
    expect(msUntilNextTick(2_300)).toBe(300);
    expect(msUntilNextTick(2_000)).toBe(1_000);
    expect(msUntilNextTick(999)).toBe(999);
  });
});
