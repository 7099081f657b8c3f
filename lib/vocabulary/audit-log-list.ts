// The audit log's order as the URL carries it: by time, newest first by default (lib/vocabulary/list-sort.ts).
import { defineListSort, type ListSort } from "@/lib/vocabulary/list-sort";

export const auditLogSort = defineListSort({ occurred: "time" }, "-occurred");
export type AuditLogSort = ListSort<(typeof auditLogSort.columns)[number]>;

/** The audit log's optional columns (`?cols=`, lib/vocabulary/table-columns.ts): the time is always first. */
export const auditLogColumns = ["who", "action", "outcome", "details"] as const;
export type AuditLogColumn = (typeof auditLogColumns)[number];

/**
 * The most matching events the audit log counts: past it the page says "more than 1,000". An
 * exact count reads every matching row on each page view (a million rows: a million read, whatever
 * the page); counted up to one more than this it reads at most that many. The ledger's cap
 * (ledgerCountCap): 10,000 was the one count of a page that read more rows than any other
 * statement of any page (app/(dashboard)/pages-read-by-index.integration.test.ts).
 */
export const auditLogCountCap = 1_000;
