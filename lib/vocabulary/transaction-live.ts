// What a transaction's pages follow live (app/api/transactions/[id]/status and …/events, the
// callback timeline's …/callbacks), as plain JSON: dates are ISO strings, so the state the server
// rendered a page with is the very state the stream pushes. The pages' client components
// (components/transactions/live-status.tsx, components/callbacks/live-callback-timeline.tsx)
// show it from the query cache.
import type { DeliveryOutcome } from "@/lib/vocabulary/delivery-outcomes";

/** A transaction's status and what comes with it. */
export type TransactionLiveState = {
  status: string | null;
  creationState: string;
  statusChangedAt: string | null;
  /** The wallet's words with the current status (a failed cash-out's reason). */
  statusDescription: string | null;
};

/** One callback received for a transaction, as its timeline shows it. */
export type CallbackTimelineEntry = {
  id: string;
  receivedAt: string;
  status: string;
  callbackLogId: string | null;
  outcome: DeliveryOutcome;
  rejectionReason: string | null;
};

/** A row from the database as the live state (the one shape for the page's render and the routes). */
export function transactionLiveState(row: {
  status: string | null;
  creationState: string;
  statusChangedAt: Date | null;
  statusDescription: string | null;
}): TransactionLiveState {
  return {
    status: row.status,
    creationState: row.creationState,
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
    statusDescription: row.statusDescription,
  };
}

export function callbackTimelineEntry(row: Omit<CallbackTimelineEntry, "receivedAt"> & { receivedAt: Date }): CallbackTimelineEntry {
  return {
    id: row.id,
    receivedAt: row.receivedAt.toISOString(),
    status: row.status,
    callbackLogId: row.callbackLogId,
    outcome: row.outcome,
    rejectionReason: row.rejectionReason,
  };
}
