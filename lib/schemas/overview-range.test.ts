import { describe, expect, it } from "vitest";
import { parseOverviewRange } from "@/lib/schemas/overview-range";

// 2025-03-15 01:00 UTC is still 2025-03-14 in São Paulo.
const now = new Date("2025-03-15T01:00:00Z");

describe("the Overview's period", () => {
  it("defaults to the last 7 São Paulo days, per day", () => {
    expect(parseOverviewRange({}, now)).toMatchObject({
      kind: "7d",
      from: "2025-03-08",
      to: "2025-03-14",
      unit: "day",
      start: new Date("2025-03-08T03:00:00Z"),
      end: new Date("2025-03-15T03:00:00Z"),
    });
  });
  it("charts today per hour", () => {
    expect(parseOverviewRange({ range: "today" }, now)).toMatchObject({ from: "2025-03-14", to: "2025-03-14", unit: "hour" });
  });
  it("takes 30 days", () => {
    expect(parseOverviewRange({ range: "30d" }, now)).toMatchObject({ from: "2025-02-13", to: "2025-03-14" });
  });
  it("takes a custom span of days", () => {
    expect(parseOverviewRange({ range: "custom", from: "2025-01-01", to: "2025-01-31" }, now)).toMatchObject({
      kind: "custom",
      from: "2025-01-01",
      to: "2025-01-31",
      unit: "day",
      errors: {},
    });
  });
  it("reads days typed the Brazilian way (with or without separators) as well as ISO", () => {
    expect(parseOverviewRange({ range: "custom", from: "01/01/2025", to: "31012025" }, now)).toMatchObject({
      from: "2025-01-01",
      to: "2025-01-31",
      errors: {},
    });
    expect(parseOverviewRange({ range: "custom", from: "31/02/2025", to: "01/03/2025" }, now).errors).toEqual({
      from: "charts.range.errorDay",
    });
  });
  it("says what is wrong with a bad custom span and shows the last 7 days instead", () => {
    expect(parseOverviewRange({ range: "custom", from: "2025-02-30", to: "2025-01-01" }, now)).toMatchObject({
      errors: { from: "charts.range.errorDay" },
      from: "2025-03-08",
    });
    expect(parseOverviewRange({ range: "custom", from: "2025-02-10", to: "2025-02-01" }, now).errors).toEqual({
      to: "charts.range.errorOrder",
    });
    expect(parseOverviewRange({ range: "custom", from: "2024-01-01", to: "2025-01-01" }, now).errors).toEqual({
      to: "charts.range.errorLength",
    });
  });
  it("ignores an unknown period name", () => {
    expect(parseOverviewRange({ range: "forever" }, now).kind).toBe("7d");
  });
});
