"use client";
// A transaction's status that updates by itself while it is pending: pushed over server-sent
// events, with polling (backoff) whenever the stream is down.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { StatusBadge } from "@/components/transactions/status-badge";
import type { Messages } from "@/lib/i18n/messages";
import { isFinalStatus, nextPollDelay } from "@/lib/transactions/status-polling";

type StatusResponse = { status: string | null; statusChangedAt: string | null };

export function LiveStatus({ transactionId, initialStatus, t }: { transactionId: string; initialStatus: string | null; t: Messages }) {
  const delay = useRef<number | undefined>(undefined);
  const queryClient = useQueryClient();
  const [streaming, setStreaming] = useState(false);
  const queryKey = ["transaction-status", transactionId];
  const query = useQuery({
    queryKey,
    queryFn: async (): Promise<StatusResponse> => {
      const response = await fetch(`/api/transactions/${transactionId}/status`, { cache: "no-store" });
      if (!response.ok) throw new Error(`status ${response.status}`);
      return response.json();
    },
    initialData: { status: initialStatus, statusChangedAt: null },
    initialDataUpdatedAt: 0,
    refetchInterval: (current) => {
      if (streaming || isFinalStatus(current.state.data?.status)) return false;
      delay.current = nextPollDelay(delay.current);
      return delay.current;
    },
  });
  const final = isFinalStatus(query.data.status);

  useEffect(() => {
    if (final) return;
    const source = new EventSource(`/api/transactions/${transactionId}/events`);
    source.onmessage = (event) => {
      setStreaming(true);
      delay.current = undefined;
      queryClient.setQueryData(["transaction-status", transactionId], JSON.parse(event.data) as StatusResponse);
    };
    source.onerror = () => setStreaming(false);
    return () => source.close();
  }, [transactionId, final, queryClient]);

  return (
    <span aria-live="polite" data-testid="live-status">
      <StatusBadge status={query.data.status} t={t} />
    </span>
  );
}
