// A statement's period in a URL or an action: ?day=YYYY-MM-DD (a São Paulo day) or ?month=YYYY-MM.
import * as z from "@/lib/schemas/zod";
import { locales } from "@/lib/i18n/messages";
import { isCalendarDay } from "@/lib/vocabulary/sao-paulo-dates";
import type { StatementPeriod } from "@/lib/vocabulary/statement";

export const statementDaySchema = z.string().check(z.refine(isCalendarDay));
const monthSchema = z.string().check(z.regex(/^(19|[2-9]\d)\d{2}-(0[1-9]|1[0-2])$/));

export const statementQuerySchema = z
  .object({
    day: z.optional(statementDaySchema),
    month: z.optional(monthSchema),
    format: z._default(z.enum(["xlsx", "pdf"]), "xlsx"),
    lang: z.optional(z.enum(locales)),
  })
  .check(z.refine((query) => Boolean(query.day) !== Boolean(query.month)));

export function periodOf(query: { day?: string; month?: string }): StatementPeriod {
  return query.day ? { kind: "day", day: query.day } : { kind: "month", month: query.month! };
}

export const closeDayInputSchema = z.object({ day: statementDaySchema });
