import { describe, expect, it } from "vitest";
import {
  isCalendarDay,
  nextCalendarDay,
  saoPauloDayOf,
  saoPauloDayRange,
  saoPauloDayStart,
  saoPauloStamp,
} from "@/lib/vocabulary/sao-paulo-dates";

describe("São Paulo days", () => {
  it("starts a day at 03:00 UTC (UTC−3 since 2019)", () => {
    expect(saoPauloDayStart("2025-03-10").toISOString()).toBe("2025-03-10T03:00:00.000Z");
    expect(saoPauloDayRange("2025-12-31")).toEqual({
      start: new Date("2025-12-31T03:00:00.000Z"),
      end: new Date("2026-01-01T03:00:00.000Z"),
    });
  });

  it("follows the historical daylight-saving offset (UTC−2 in January 2018)", () => {
    expect(saoPauloDayStart("2018-01-15").toISOString()).toBe("2018-01-15T02:00:00.000Z");
  });

  it("puts a late evening in São Paulo on its own day, not the UTC one", () => {
    expect(saoPauloDayOf(new Date("2025-03-10T02:59:59.999Z"))).toBe("2025-03-09");
    expect(saoPauloDayOf(new Date("2025-03-10T03:00:00.000Z"))).toBe("2025-03-10");
  });

  it("knows which calendar days exist", () => {
    expect(isCalendarDay("2024-02-29")).toBe(true);
    expect(isCalendarDay("2025-02-29")).toBe(false);
    expect(isCalendarDay("2025-3-1")).toBe(false);
    expect(isCalendarDay("0000-01-01")).toBe(false);
    expect(nextCalendarDay("2024-02-28")).toBe("2024-02-29");
    expect(nextCalendarDay("2025-12-31")).toBe("2026-01-01");
  });

  it("stamps file names in São Paulo time", () => {
    expect(saoPauloStamp(new Date("2025-01-01T02:05:00.000Z"))).toBe("20241231-2305");
  });
});
