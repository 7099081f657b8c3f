// Inputs of the Callback logs pages: a log id to look up, and the deliveries list filters.
import * as z from "@/lib/schemas/zod";
import { deliveryOutcomes } from "@/lib/vocabulary/delivery-outcomes";
import { isSupportedDay, saoPauloInstant } from "@/lib/vocabulary/sao-paulo-dates";
import { walletStatuses } from "@/lib/vocabulary/transaction-statuses";
import { type CallbackLogColumn, type CallbackLogSort, callbackLogColumns, callbackLogSort } from "@/lib/vocabulary/callback-log-list";
import { type ListCursor, parseListSort, readListCursor } from "@/lib/schemas/list-sort";
import {
  defaultTableDensity,
  parseTableColumns,
  type TableDensity,
  tableColumnsParam,
  tableDensities,
} from "@/lib/vocabulary/table-columns";

export const callbackLogIdSchema = z.uuid();

export const inboxFiltersSchema = z.object({
  status: z.catch(z.optional(z.enum(walletStatuses)), undefined),
  outcome: z.catch(z.optional(z.enum([...deliveryOutcomes, "problems"])), undefined),
  // datetime-local, read as São Paulo time (lib/vocabulary/sao-paulo-dates.ts); its day within the supported range.
  since: z.catch(
    z.optional(
      z.string().check(
        z.regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/),
        z.refine((text) => isSupportedDay(text.slice(0, 10))),
      ),
    ),
    undefined,
  ),
});

export function sinceAsDate(since: string | undefined): Date | undefined {
  return since ? saoPauloInstant(since.slice(0, 10), since.slice(11)) : undefined;
}

/** The deliveries list's filters as given (valid ones only): what its links carry. */
export type InboxValues = { status?: string; outcome?: string; since?: string; sort?: string; cols?: string; density?: string };

export type InboxQuery = {
  filters: z.infer<typeof inboxFiltersSchema>;
  sort: CallbackLogSort;
  columns: CallbackLogColumn[];
  density: TableDensity;
  cursor?: ListCursor;
  values: InboxValues;
};

const densitySchema = z.catch(z.optional(z.enum(tableDensities)), undefined);
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/**
 * The deliveries list's query string: filters, order, page cursor and look. Never throws: an
 * invalid value is ignored (the list shows without it), as the filters always were.
 */
export function parseInboxQuery(query: Record<string, string | string[] | undefined>): InboxQuery {
  const filters = inboxFiltersSchema.parse({ status: one(query.status), outcome: one(query.outcome), since: one(query.since) });
  const sortText = one(query.sort);
  const { sort, error } = parseListSort(callbackLogSort, sortText);
  const colsText = one(query.cols);
  const columns = colsText ? parseTableColumns(callbackLogColumns, colsText) : undefined;
  const density = densitySchema.parse(one(query.density)) ?? defaultTableDensity;
  const { cursor } = readListCursor(callbackLogSort, sort, one(query.cursor), "uuid");
  const values: InboxValues = {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.outcome ? { outcome: filters.outcome } : {}),
    ...(filters.since ? { since: filters.since } : {}),
    ...(sortText && !error && sort !== callbackLogSort.defaultSort ? { sort } : {}),
    ...(columns && tableColumnsParam(callbackLogColumns, columns) ? { cols: tableColumnsParam(callbackLogColumns, columns) } : {}),
    ...(density !== defaultTableDensity ? { density } : {}),
  };
  return { filters, sort, columns: columns ?? [...callbackLogColumns], density, cursor, values };
}
