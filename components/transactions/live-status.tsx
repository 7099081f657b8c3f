"use client";
// A transaction's status that updates by itself while it is pending: pushed over server-sent
// events into the query cache (components/live/use-live-query.ts), with polling whenever the stream
// is down; an action that changes it invalidates its key. With `refreshWhenFinal`, the server page
// re-renders once the status turns final, so what depends on it (a paid charge's QR code, a failed
// cash-out's reason, the paid time) changes with the badge.
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { unreadNotificationsKey } from "@/components/alerts/notification-keys";
import { useLiveQuery } from "@/components/live/use-live-query";
import { StatusBadge } from "@/components/transactions/status-badge";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { isFinalStatus } from "@/lib/transactions/status-polling";

type StatusResponse = { status: string | null; statusChangedAt: string | null };

type Props = { transactionId: string; initialStatus: string | null; t: ClientMessages<"liveStatus">; refreshWhenFinal?: boolean };

/** The URL a transaction's live status is read from: actions that change it invalidate liveQueryKey(this URL). */
export const transactionStatusUrl = (transactionId: string) => `/api/transactions/${transactionId}/status`;

export function LiveStatus({ transactionId, initialStatus, t, refreshWhenFinal = false }: Props) {
  const router = useRouter();
  const {
    state: { status },
  } = useLiveQuery<StatusResponse>({
    stateUrl: transactionStatusUrl(transactionId),
    eventsUrl: `/api/transactions/${transactionId}/events`,
    initial: { status: initialStatus, statusChangedAt: null },
    isDone: (state) => isFinalStatus(state.status),
    moves: [unreadNotificationsKey],
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
