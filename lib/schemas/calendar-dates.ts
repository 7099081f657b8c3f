// Days and months as people and links give them (URLs, forms, actions), parsed once with their
// bounds: a real calendar day (no 2026-02-30) or month (no 2026-13) within the supported range
// (lib/vocabulary/sao-paulo-dates.ts: 2000-01-01 to 9999-12-30, months 2000-01 to 9999-11), so the
// next day or month, where a period ends, exists too. Every route, page and action that takes a
// day or a month uses these; a refusal is an encoded message key (errors.dates.*), never a throw.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";
import { isSupportedDay, isSupportedMonth } from "@/lib/vocabulary/sao-paulo-dates";

export const calendarDateErrors = {
  day: msg("errors.dates.day"),
  month: msg("errors.dates.month"),
  order: msg("errors.dates.order"),
} as const;

/** A São Paulo calendar day, YYYY-MM-DD, within the supported range; `error` replaces the default message. */
export function calendarDaySchema(error: string = calendarDateErrors.day) {
  return z.string().check(z.refine(isSupportedDay, { error }));
}

/** A calendar month, YYYY-MM, within the supported range. */
export function calendarMonthSchema(error: string = calendarDateErrors.month) {
  return z.string().check(z.refine(isSupportedMonth, { error }));
}

/** Two supported days, the last not before the first (both included). */
export const calendarDayRangeSchema = z
  .object({ from: calendarDaySchema(), to: calendarDaySchema() })
  .check(z.refine((range) => range.to >= range.from, { error: calendarDateErrors.order, path: ["to"] }));

/** The date refusal (an errors.dates.* message key) among a failed parse's issues, if there is one. */
export function dateErrorOf(issues: ReadonlyArray<{ message: string }>): string | undefined {
  return issues.find((issue) => issue.message.startsWith("errors.dates."))?.message;
}
