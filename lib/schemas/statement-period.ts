// A statement's period in a URL or an action: ?day=YYYY-MM-DD (a São Paulo day) or ?month=YYYY-MM,
// each within the supported range (lib/schemas/calendar-dates.ts), so a period's end always exists.
import * as z from "@/lib/schemas/zod";
import { locales } from "@/lib/i18n/messages";
import { msg } from "@/lib/i18n/message";
import { calendarDaySchema, calendarMonthSchema } from "@/lib/schemas/calendar-dates";
import type { StatementPeriod } from "@/lib/vocabulary/statement";

export const statementDaySchema = calendarDaySchema();

export const statementQuerySchema = z
  .object({
    day: z.optional(statementDaySchema),
    month: z.optional(calendarMonthSchema()),
    format: z._default(z.enum(["xlsx", "pdf", "ofx"]), "xlsx"),
    lang: z.optional(z.enum(locales)),
  })
  .check(z.refine((query) => Boolean(query.day) !== Boolean(query.month), { error: msg("errors.route.invalidQuery") }));

export function periodOf(query: { day?: string; month?: string }): StatementPeriod {
  return query.day ? { kind: "day", day: query.day } : { kind: "month", month: query.month! };
}

export const closeDayInputSchema = z.object({ day: statementDaySchema });
