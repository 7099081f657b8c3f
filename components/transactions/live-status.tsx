"use client";
// A transaction's status that updates by itself while it is pending (polling with backoff).
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { StatusBadge } from "@/components/transactions/status-badge";
import type { Messages } from "@/lib/i18n/messages";
import { isFinalStatus, nextPollDelay } from "@/lib/transactions/status-polling";

type StatusResponse = { status: string | null; statusChangedAt: string | null };

export function LiveStatus({ transactionId, initialStatus, t }: { transactionId: string; initialStatus: string | null; t: Messages }) {
  const delay = useRef<number | undefined>(undefined);
  const query = useQuery({
    queryKey: ["transaction-status", transactionId],
    queryFn: async (): Promise<StatusResponse> => {
      const response = await fetch(`/api/transactions/${transactionId}/status`, { cache: "no-store" });
      if (!response.ok) throw new Error(`status ${response.status}`);
      return response.json();
    },
    initialData: { status: initialStatus, statusChangedAt: null },
    initialDataUpdatedAt: 0,
    refetchInterval: (current) => {
      if (isFinalStatus(current.state.data?.status)) return false;
      delay.current = nextPollDelay(delay.current);
      return delay.current;
    },
  });
  return (
    <span aria-live="polite" data-testid="live-status">
      <StatusBadge status={query.data.status} t={t} />
    </span>
  );
}
