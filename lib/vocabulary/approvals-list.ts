// The Approvals queue (the requests awaiting a decision) as the URL carries it: its order, by time
// requested or by amount, either way (newest first by default; lib/vocabulary/list-sort.ts), and a
// keyset page cursor. The recently decided table below it is the newest few and does not sort.
import { defineListSort, type ListSort } from "@/lib/vocabulary/list-sort";

export const approvalsSort = defineListSort({ requested: "time", amount: "integer" }, "-requested");
export type ApprovalsSort = ListSort<(typeof approvalsSort.columns)[number]>;

export const approvalsPageSize = 50;

/**
 * Both tables' optional columns (`?cols=`, lib/vocabulary/table-columns.ts; one choice for the queue
 * and the decided requests): the time requested is always first.
 */
export const approvalsColumns = ["what", "amount", "by", "state", "expires"] as const;
export type ApprovalsTableColumn = (typeof approvalsColumns)[number];
/** How many decided requests the list shows under the queue (the newest). */
export const decidedRequestsShown = 20;
