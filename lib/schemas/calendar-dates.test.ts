import { describe, expect, it } from "vitest";
import {
  calendarDateErrors,
  calendarDayRangeSchema,
  calendarDaySchema,
  calendarMonthSchema,
  dateErrorOf,
} from "@/lib/schemas/calendar-dates";
import { closeDayInputSchema, statementQuerySchema } from "@/lib/schemas/statement-period";
import { nextCalendarMonth, saoPauloDayRange, saoPauloMonthRange } from "@/lib/vocabulary/sao-paulo-dates";

describe("calendar days and months with their bounds", () => {
  it.each(["2000-01-01", "2024-02-29", "2026-11-27", "9999-12-30"])("accepts the day %s, and its end exists", (day) => {
    expect(calendarDaySchema().safeParse(day).success).toBe(true);
    expect(() => saoPauloDayRange(day)).not.toThrow();
  });

  it.each([
    "9999-12-31",
    "0000-01-01",
    "1999-12-31",
    "2026-02-30",
    "2025-02-29",
    "2026-13-01",
    "2026-1-5",
    "26-01-05",
    "",
    "2026-11-27T00:00",
  ])("refuses the day %j with errors.dates.day", (day) => {
    const result = calendarDaySchema().safeParse(day);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(calendarDateErrors.day);
  });

  it.each(["2000-01", "2026-12", "9999-11"])("accepts the month %s, and its end exists", (month) => {
    expect(calendarMonthSchema().safeParse(month).success).toBe(true);
    expect(() => saoPauloMonthRange(month)).not.toThrow();
  });

  it.each(["9999-12", "0000-01", "1999-12", "2026-13", "2026-00", "2026-1", "2026"])(
    "refuses the month %j with errors.dates.month",
    (month) => {
      const result = calendarMonthSchema().safeParse(month);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(calendarDateErrors.month);
    },
  );

  it("takes the caller's own message", () => {
    expect(calendarDaySchema("errors.ledger.day").safeParse("2026-02-30").error?.issues[0]?.message).toBe("errors.ledger.day");
  });

  it("refuses a range that ends before it starts or leaves the supported days", () => {
    expect(calendarDayRangeSchema.safeParse({ from: "2026-11-01", to: "2026-11-30" }).success).toBe(true);
    expect(calendarDayRangeSchema.safeParse({ from: "2026-11-30", to: "2026-11-01" }).error?.issues[0]).toMatchObject({
      message: calendarDateErrors.order,
      path: ["to"],
    });
    expect(calendarDayRangeSchema.safeParse({ from: "2026-11-30", to: "9999-12-31" }).error?.issues[0]?.message).toBe(
      calendarDateErrors.day,
    );
  });

  it("counts month ends across a year", () => {
    expect(nextCalendarMonth("2026-12")).toBe("2027-01");
    expect(nextCalendarMonth("9999-11")).toBe("9999-12");
    expect(saoPauloMonthRange("2026-12")).toEqual({
      start: new Date("2026-12-01T03:00:00.000Z"),
      end: new Date("2027-01-01T03:00:00.000Z"),
    });
  });
});

describe("a statement's period", () => {
  it.each([
    [{ month: "9999-12" }, calendarDateErrors.month],
    [{ day: "9999-12-31" }, calendarDateErrors.day],
    [{ month: "0000-01" }, calendarDateErrors.month],
    [{ day: "2026-02-30" }, calendarDateErrors.day],
    [{ month: "2026-13" }, calendarDateErrors.month],
  ])("refuses %j with its date message", (query, message) => {
    const result = statementQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(dateErrorOf(result.error!.issues)).toBe(message);
  });

  it("has no date message when the period is well formed but twice given", () => {
    const result = statementQuerySchema.safeParse({ day: "2026-11-01", month: "2026-11" });
    expect(result.success).toBe(false);
    expect(dateErrorOf(result.error!.issues)).toBeUndefined();
  });

  it("closes only supported days", () => {
    expect(closeDayInputSchema.safeParse({ day: "9999-12-31" }).success).toBe(false);
    expect(closeDayInputSchema.safeParse({ day: "2026-11-26" }).success).toBe(true);
  });
});
