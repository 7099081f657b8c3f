// The date-range picker's presets as São Paulo calendar days (YYYY-MM-DD): "today" is given by the
// caller (saoPauloDayOf(now) from lib/vocabulary/sao-paulo-dates.ts), the rest is calendar arithmetic on
// day strings, with no time zone, so the server and the browser name the same days.
export const dateRangePresets = ["today", "yesterday", "7d", "30d", "thisMonth", "lastMonth", "custom"] as const;
export type DateRangePreset = (typeof dateRangePresets)[number];
export type DayRange = { from: string; to: string };

/** The day `count` days after (or before, when negative) `day`. */
export function addCalendarDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);
}

/** The first day of the month `day` falls in. */
function monthStart(day: string): string {
  return `${day.slice(0, 8)}01`;
}

/** The São Paulo days a preset names, given today's São Paulo day; `custom` names none. */
export function presetDays(preset: Exclude<DateRangePreset, "custom">, today: string): DayRange {
  switch (preset) {
    case "today":
      return { from: today, to: today };
    case "yesterday": {
      const yesterday = addCalendarDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case "7d":
      return { from: addCalendarDays(today, -6), to: today };
    case "30d":
      return { from: addCalendarDays(today, -29), to: today };
    case "thisMonth":
      return { from: monthStart(today), to: today };
    case "lastMonth": {
      const lastDay = addCalendarDays(monthStart(today), -1);
      return { from: monthStart(lastDay), to: lastDay };
    }
  }
}

/** The preset whose days are exactly `range` (so a link or a typed range shows its name), else `custom`. */
export function presetOf(range: Partial<DayRange>, today: string): DateRangePreset {
  if (!range.from || !range.to) return "custom";
  for (const preset of dateRangePresets) {
    if (preset === "custom") continue;
    const days = presetDays(preset, today);
    if (days.from === range.from && days.to === range.to) return preset;
  }
  return "custom";
}

/**
 * A day as typed in a period's field: ISO ("2026-11-25", English) or the Brazilian day-month-year,
 * with or without separators ("25/11/2026", "25-11-2026", "25112026"), turned into ISO; anything
 * else is returned as it is, for the day check to refuse.
 */
export function dayFromInput(typed: string): string {
  const brazilian = /^(\d{2})[/.-]?(\d{2})[/.-]?(\d{4})$/.exec(typed);
  return brazilian ? `${brazilian[3]}-${brazilian[2]}-${brazilian[1]}` : typed;
}
