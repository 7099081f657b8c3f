// The audit log's filters and page, read from the URL: action, operator (e-mail), São Paulo days,
// page number. Each invalid value is reported for its field and ignored; never throws.
import type { AuditLogFilters } from "@/lib/db/queries/audit-events";
import { isSupportedDay, nextCalendarDay, saoPauloDayStart } from "@/lib/vocabulary/sao-paulo-dates";

export const auditLogFields = ["action", "operator", "from", "to"] as const;
export type AuditLogField = (typeof auditLogFields)[number];
export type AuditLogValues = Partial<Record<AuditLogField, string>>;

export type ParsedAuditLogQuery = {
  filters: AuditLogFilters;
  values: AuditLogValues;
  errors: Partial<Record<"from" | "to" | "action", "invalidDay" | "toBeforeFrom" | "unknownAction">>;
  page: number;
};

const maxPage = 10_000;
const actionPattern = /^[a-z_]+(\.[a-z_]+)*$/;

function read(params: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = params[name];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text : undefined;
}

export function parseAuditLogQuery(params: Record<string, string | string[] | undefined>): ParsedAuditLogQuery {
  const result: ParsedAuditLogQuery = { filters: {}, values: {}, errors: {}, page: 1 };
  const action = read(params, "action");
  if (action && actionPattern.test(action) && action.length <= 100) {
    result.values.action = action;
    result.filters.action = action;
  } else if (action) result.errors.action = "unknownAction";
  const operator = read(params, "operator");
  if (operator && operator.length <= 320) {
    result.values.operator = operator;
    result.filters.actorEmail = operator;
  }
  for (const field of ["from", "to"] as const) {
    const day = read(params, field);
    if (!day) continue;
    if (!isSupportedDay(day)) {
      result.errors[field] = "invalidDay";
      continue;
    }
    result.values[field] = day;
  }
  if (result.values.from && result.values.to && result.values.to < result.values.from) {
    result.errors.to = "toBeforeFrom";
    delete result.values.to;
  }
  if (result.values.from) result.filters.from = saoPauloDayStart(result.values.from);
  if (result.values.to) result.filters.before = saoPauloDayStart(nextCalendarDay(result.values.to));
  const page = Number(read(params, "page"));
  if (Number.isInteger(page) && page >= 1 && page <= maxPage) result.page = page;
  return result;
}

/** "?action=…&page=2": the filters (and page, when past the first) for links; empty values left out. */
export function auditLogQueryString(values: AuditLogValues, page = 1): string {
  const params = new URLSearchParams();
  for (const field of auditLogFields) {
    const value = values[field];
    if (value) params.set(field, value);
  }
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
