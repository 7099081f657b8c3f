// The audit log's filters, order and page, read from the URL: action, operator (e-mail), São Paulo
// days, the order (lib/vocabulary/audit-log-list.ts) and a keyset page cursor. Each invalid value is
// reported for its field or ignored; never throws.
import type { AuditLogFilters } from "@/lib/db/queries/audit-events";
import { isSupportedDay, nextCalendarDay, saoPauloDayStart } from "@/lib/vocabulary/sao-paulo-dates";
import { encodeListCursor, parseListSort, readListCursor } from "@/lib/schemas/list-sort";
import { type AuditLogSort, auditLogSort } from "@/lib/vocabulary/audit-log-list";
import type { ListCursor } from "@/lib/vocabulary/list-sort";

export const auditLogFields = ["action", "operator", "from", "to"] as const;
/** What links carry besides the filters: the order and the table's look (not filters: no chip). */
export type AuditLogLinkValues = AuditLogValues & { sort?: AuditLogSort; cols?: string; density?: string };
export type AuditLogField = (typeof auditLogFields)[number];
export type AuditLogValues = Partial<Record<AuditLogField, string>>;

export type ParsedAuditLogQuery = {
  filters: AuditLogFilters;
  values: AuditLogValues;
  errors: Partial<Record<"from" | "to" | "action", "invalidDay" | "toBeforeFrom" | "unknownAction">>;
  sort: AuditLogSort;
  /** The page's cursor (absent: the first page; an altered or outdated one is ignored). */
  cursor?: ListCursor;
};

const actionPattern = /^[a-z_]+(\.[a-z_]+)*$/;

function read(params: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = params[name];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text : undefined;
}

export function parseAuditLogQuery(params: Record<string, string | string[] | undefined>): ParsedAuditLogQuery {
  const result: ParsedAuditLogQuery = { filters: {}, values: {}, errors: {}, sort: parseListSort(auditLogSort, read(params, "sort")).sort };
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
  const { cursor } = readListCursor(auditLogSort, result.sort, read(params, "cursor"), "uuid");
  if (cursor) result.cursor = cursor;
  return result;
}

/**
 * "?action=…&sort=occurred&cols=…&cursor=…": the filters, order (when not the default), the columns and
 * density chosen (lib/vocabulary/table-columns.ts: absent for the defaults) and page for links; empty values left out.
 */
export function auditLogQueryString(values: AuditLogLinkValues, cursor?: ListCursor): string {
  const params = new URLSearchParams();
  for (const field of auditLogFields) {
    const value = values[field];
    if (value) params.set(field, value);
  }
  if (values.sort && values.sort !== auditLogSort.defaultSort) params.set("sort", values.sort);
  if (values.cols) params.set("cols", values.cols);
  if (values.density) params.set("density", values.density);
  if (cursor) params.set("cursor", encodeListCursor(cursor));
  const text = params.toString();
  return text ? `?${text}` : "";
}
