// The callback log's deliveries list as the URL carries it: its order (by time received, newest
// first by default; lib/vocabulary/list-sort.ts) and its optional columns (the time received is
// always first; lib/vocabulary/table-columns.ts).
import { defineListSort, type ListSort } from "@/lib/vocabulary/list-sort";

export const callbackLogSort = defineListSort({ received: "time" }, "-received");
export type CallbackLogSort = ListSort<(typeof callbackLogSort.columns)[number]>;

export const callbackLogColumns = ["status", "outcome", "transaction", "logId", "reason"] as const;
export type CallbackLogColumn = (typeof callbackLogColumns)[number];

export const callbackLogPageSize = 50;
