// The Overview's period, read from the URL: a preset of the date-range picker (today, yesterday, the
// last 7 or 30 São Paulo days, this month, last month: lib/vocabulary/date-range-presets.ts) or a
// custom span of São Paulo days (at most maxCustomDays). One day is charted per hour, longer spans per day.
import * as z from "@/lib/schemas/zod";
import type { ChartRange } from "@/lib/vocabulary/chart-figures";
import { calendarDaySchema } from "@/lib/schemas/calendar-dates";
import { addCalendarDays, type DateRangePreset, dateRangePresets, dayFromInput, presetDays } from "@/lib/vocabulary/date-range-presets";
import { nextCalendarDay, saoPauloDayOf, saoPauloDayStart } from "@/lib/vocabulary/sao-paulo-dates";

export { dayFromInput };

export const overviewRangeKinds = dateRangePresets;
export type OverviewRangeKind = DateRangePreset;
export const maxCustomDays = 92;

export const overviewRangeErrors = {
  day: "charts.range.errorDay",
  order: "charts.range.errorOrder",
  length: "charts.range.errorLength",
} as const;

const rangeKindSchema = z.catch(z.enum(overviewRangeKinds), "7d");
const daySchema = calendarDaySchema();

export type OverviewRange = ChartRange & {
  kind: OverviewRangeKind;
  /** First and last São Paulo day shown (inclusive). */
  from: string;
  to: string;
  /** Message keys of what was wrong with a custom range (the default range is shown instead). */
  errors: Partial<Record<"from" | "to", (typeof overviewRangeErrors)[keyof typeof overviewRangeErrors]>>;
  /** The custom days as typed, to refill the form. */
  input: { from?: string; to?: string };
};

function rangeOf(
  kind: OverviewRangeKind,
  from: string,
  to: string,
  input: OverviewRange["input"],
  errors: OverviewRange["errors"] = {},
): OverviewRange {
  return {
    kind,
    from,
    to,
    start: saoPauloDayStart(from),
    end: saoPauloDayStart(nextCalendarDay(to)),
    unit: from === to ? "hour" : "day",
    errors,
    input,
  };
}

type Params = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/** Never throws: a bad custom range comes back with errors and the last 7 days. */
export function parseOverviewRange(params: Params, now: Date = new Date()): OverviewRange {
  const today = saoPauloDayOf(now);
  const kind = rangeKindSchema.parse(first(params.range) ?? "7d");
  const input = { from: first(params.from), to: first(params.to) };
  if (kind !== "custom") {
    const days = presetDays(kind, today);
    return rangeOf(kind, days.from, days.to, input);
  }
  const errors: OverviewRange["errors"] = {};
  const from = input.from ? dayFromInput(input.from) : today;
  const to = input.to ? dayFromInput(input.to) : from;
  if (!daySchema.safeParse(from).success) errors.from = overviewRangeErrors.day;
  if (!daySchema.safeParse(to).success) errors.to = overviewRangeErrors.day;
  if (!errors.from && !errors.to) {
    if (to < from) errors.to = overviewRangeErrors.order;
    else if (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`) >= maxCustomDays * 86_400_000)
      errors.to = overviewRangeErrors.length;
  }
  if (errors.from || errors.to) return { ...rangeOf("7d", addCalendarDays(today, -6), today, input, errors), kind: "custom" };
  return rangeOf(kind, from, to, input);
}
