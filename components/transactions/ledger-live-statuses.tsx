"use client";
// The list's status badges that update by themselves: one poll for all pending rows on the page
// (backing off like the detail pages), stopping once none of them is pending any more.
import { withQueryClient } from "@/components/shell/query-provider";
import { useQuery } from "@tanstack/react-query";
import { createContext, useContext, useRef, type ReactNode } from "react";
import { StatusBadge } from "@/components/transactions/status-badge";
import { nextPollDelay } from "@/lib/transactions/status-polling";

export type StatusLabels = Record<"status.PENDING" | "status.SUCCEED" | "status.CANCELED" | "status.FAILED", string>;
type StatusesResponse = { statuses: Array<{ id: string; status: string | null }> };

const LiveStatusesContext = createContext<{ statuses: Record<string, string | null>; labels: StatusLabels } | null>(null);

function LedgerLiveStatusesWithoutClient({
  pendingIds,
  labels,
  children,
}: {
  pendingIds: string[];
  labels: StatusLabels;
  children: ReactNode;
}) {
  const delay = useRef<number | undefined>(undefined);
  const query = useQuery({
    queryKey: ["ledger-statuses", pendingIds],
    queryFn: async (): Promise<StatusesResponse> => {
      const response = await fetch(`/api/transactions/statuses?ids=${pendingIds.join(",")}`, { cache: "no-store" });
      if (!response.ok) throw new Error(`status ${response.status}`);
      return response.json();
    },
    enabled: pendingIds.length > 0,
    // The page was just rendered with these statuses: the first check waits for the first delay.
    initialData: { statuses: pendingIds.map((id) => ({ id, status: "PENDING" })) },
    initialDataUpdatedAt: () => Date.now(),
    staleTime: Infinity,
    refetchInterval: (current) => {
      if (!current.state.data?.statuses.some((row) => row.status === "PENDING")) return false;
      delay.current = nextPollDelay(delay.current);
      return delay.current;
    },
  });
  const statuses = Object.fromEntries(query.data.statuses.map((row) => [row.id, row.status]));
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

export const LedgerLiveStatuses = withQueryClient(LedgerLiveStatusesWithoutClient);
