import { describe, expect, it } from "vitest";
import { addCalendarDays, presetDays, presetOf } from "@/lib/vocabulary/date-range-presets";

describe("date-range presets (São Paulo days)", () => {
  it("names yesterday across a month and a year", () => {
    expect(presetDays("yesterday", "2026-03-01")).toEqual({ from: "2026-02-28", to: "2026-02-28" });
    expect(presetDays("yesterday", "2027-01-01")).toEqual({ from: "2026-12-31", to: "2026-12-31" });
  });

  it("counts the last 7 and 30 days with today included", () => {
    expect(presetDays("7d", "2026-11-27")).toEqual({ from: "2026-11-21", to: "2026-11-27" });
    expect(presetDays("30d", "2026-11-27")).toEqual({ from: "2026-10-29", to: "2026-11-27" });
  });

  it("takes this month up to today and the whole of last month, leap February included", () => {
    expect(presetDays("thisMonth", "2026-11-27")).toEqual({ from: "2026-11-01", to: "2026-11-27" });
    expect(presetDays("lastMonth", "2028-03-15")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(presetDays("lastMonth", "2027-01-05")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });

  it("recognises a range that is a preset, and calls any other custom", () => {
    expect(presetOf({ from: "2026-10-01", to: "2026-10-31" }, "2026-11-27")).toBe("lastMonth");
    expect(presetOf({ from: "2026-11-27", to: "2026-11-27" }, "2026-11-27")).toBe("today");
    expect(presetOf({ from: "2026-10-02", to: "2026-10-31" }, "2026-11-27")).toBe("custom");
    expect(presetOf({ from: "2026-10-02" }, "2026-11-27")).toBe("custom");
  });

  it("adds days by the calendar, not by a clock", () => {
    expect(addCalendarDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addCalendarDays("2026-01-01", -1)).toBe("2025-12-31");
  });
});
