"use client";
// The list's status badges that update by themselves: one live state for all pending rows on the
// page, as query data (components/live/use-live-query.ts: pushed as callbacks land, polled with
// backoff while the stream is down), ending once none of them is pending any more.
import { createContext, useContext, type ReactNode } from "react";
import { unreadNotificationsKey } from "@/components/alerts/notification-keys";
import { useLiveQuery } from "@/components/live/use-live-query";
import { StatusBadge } from "@/components/transactions/status-badge";
import { nextPollDelay } from "@/lib/transactions/status-polling";

export type StatusLabels = Record<"status.PENDING" | "status.SUCCEED" | "status.CANCELED" | "status.FAILED", string>;
type StatusesResponse = { statuses: Array<{ id: string; status: string | null }> };

const LiveStatusesContext = createContext<{ statuses: Record<string, string | null>; labels: StatusLabels } | null>(null);
const nonePending = (state: StatusesResponse) => !state.statuses.some((row) => row.status === "PENDING");

export function LedgerLiveStatuses({ pendingIds, labels, children }: { pendingIds: string[]; labels: StatusLabels; children: ReactNode }) {
  const ids = pendingIds.join(",");
  const { state } = useLiveQuery<StatusesResponse>({
    stateUrl: `/api/transactions/statuses?ids=${ids}`,
    eventsUrl: `/api/transactions/statuses/events?ids=${ids}`,
    // The page was just rendered with these statuses.
    initial: { statuses: pendingIds.map((id) => ({ id, status: "PENDING" })) },
    isDone: nonePending,
    // A page's worth of rows is a heavier read than one status: poll it less often.
    nextPollDelay,
    // A row that turned final may have raised an alert: the header's badge asks at once.
    moves: [unreadNotificationsKey],
  });
  const statuses = Object.fromEntries(state.statuses.map((row) => [row.id, row.status]));
  return <LiveStatusesContext.Provider value={{ statuses, labels }}>{children}</LiveStatusesContext.Provider>;
}

/** A pending row's status badge, kept current by the surrounding LedgerLiveStatuses. */
export function LedgerStatusCell({ id, initialStatus }: { id: string; initialStatus: string | null }) {
  const live = useContext(LiveStatusesContext);
  if (!live) throw new Error("LedgerStatusCell must be inside LedgerLiveStatuses");
  const status = id in live.statuses ? live.statuses[id]! : initialStatus;
  return (
    <span aria-live="polite" data-testid="ledger-status" data-transaction-id={id}>
      <StatusBadge status={status} t={live.labels} />
    </span>
  );
}
