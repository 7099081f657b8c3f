// The audit log's order as the URL carries it: by time, newest first by default (lib/vocabulary/list-sort.ts).
import { defineListSort, type ListSort } from "@/lib/vocabulary/list-sort";

export const auditLogSort = defineListSort({ occurred: "time" }, "-occurred");
export type AuditLogSort = ListSort<(typeof auditLogSort.columns)[number]>;
