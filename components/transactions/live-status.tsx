"use client";
// A transaction's status that updates by itself while it is pending: pushed over server-sent
// events, with polling (backoff) whenever the stream is down.
import { StatusBadge } from "@/components/transactions/status-badge";
import { useLiveStatus } from "@/components/transactions/use-live-status";
import type { Messages } from "@/lib/i18n/messages";

type StatusResponse = { status: string | null; statusChangedAt: string | null };

export function LiveStatus({ transactionId, initialStatus, t }: { transactionId: string; initialStatus: string | null; t: Messages }) {
  const { status } = useLiveStatus<StatusResponse>({
    queryKey: ["transaction-status", transactionId],
    statusUrl: `/api/transactions/${transactionId}/status`,
    eventsUrl: `/api/transactions/${transactionId}/events`,
    initialData: { status: initialStatus, statusChangedAt: null },
  });

  return (
    <span aria-live="polite" data-testid="live-status">
      <StatusBadge status={status} t={t} />
    </span>
  );
}
