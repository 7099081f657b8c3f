// An event endpoint's delivery log as the URL carries it: by the delivery's own time (when it was
// queued for this endpoint), newest first by default, either way (lib/vocabulary/list-sort.ts), a
// page at a time.
import { defineListSort, type ListSort } from "@/lib/vocabulary/list-sort";

export const eventDeliverySort = defineListSort({ queued: "time" }, "-queued");
export type EventDeliverySort = ListSort<(typeof eventDeliverySort.columns)[number]>;

export const eventDeliveryPageSize = 50;

/** The log's optional columns (`?cols=`, lib/vocabulary/table-columns.ts): the time queued is always first, the resend last. */
export const eventDeliveryColumns = ["event", "occurred", "status", "attempts", "nextRetry"] as const;
export type EventDeliveryColumn = (typeof eventDeliveryColumns)[number];
