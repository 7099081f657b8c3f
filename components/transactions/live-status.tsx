"use client";
// A transaction's status that updates by itself while it is pending: pushed over server-sent
// events, with polling whenever the stream is down. With `refreshWhenFinal`, the server page
// re-renders once the status turns final, so what depends on it (a paid charge's QR code, a failed
// cash-out's reason, the paid time) changes with the badge.
import { withQueryClient } from "@/components/shell/query-provider";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { StatusBadge } from "@/components/transactions/status-badge";
import { useLiveStatus } from "@/components/transactions/use-live-status";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { isFinalStatus } from "@/lib/transactions/status-polling";

type StatusResponse = { status: string | null; statusChangedAt: string | null };

type Props = { transactionId: string; initialStatus: string | null; t: ClientMessages<"liveStatus">; refreshWhenFinal?: boolean };

function LiveStatusWithoutClient({ transactionId, initialStatus, t, refreshWhenFinal = false }: Props) {
  const router = useRouter();
  const { status } = useLiveStatus<StatusResponse>({
    queryKey: ["transaction-status", transactionId],
    statusUrl: `/api/transactions/${transactionId}/status`,
    eventsUrl: `/api/transactions/${transactionId}/events`,
    initialData: { status: initialStatus, statusChangedAt: null },
  });
  const renderedFinal = useRef(isFinalStatus(initialStatus));
  useEffect(() => {
    if (!refreshWhenFinal || renderedFinal.current || !isFinalStatus(status)) return;
    renderedFinal.current = true;
    router.refresh();
  }, [refreshWhenFinal, status, router]);

  return (
    <span aria-live="polite" data-testid="live-status">
      <StatusBadge status={status} t={t} />
    </span>
  );
}

export const LiveStatus = withQueryClient(LiveStatusWithoutClient);
