// A statement's period in a URL or an action: ?day=YYYY-MM-DD (a São Paulo day) or ?month=YYYY-MM.
import { z } from "zod";
import { locales } from "@/lib/i18n/messages";
import { isCalendarDay } from "@/lib/vocabulary/sao-paulo-dates";
import type { StatementPeriod } from "@/lib/vocabulary/statement";

export const statementDaySchema = z.string().refine(isCalendarDay);
const monthSchema = z.string().regex(/^(19|[2-9]\d)\d{2}-(0[1-9]|1[0-2])$/);

export const statementQuerySchema = z
  .object({
    day: statementDaySchema.optional(),
    month: monthSchema.optional(),
    format: z.enum(["xlsx", "pdf"]).default("xlsx"),
    lang: z.enum(locales).optional(),
  })
  .refine((query) => Boolean(query.day) !== Boolean(query.month));

export function periodOf(query: { day?: string; month?: string }): StatementPeriod {
  return query.day ? { kind: "day", day: query.day } : { kind: "month", month: query.month! };
}

export const closeDayInputSchema = z.object({ day: statementDaySchema });
