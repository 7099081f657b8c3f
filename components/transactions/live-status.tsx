"use client";
// A transaction's live state on its pages (the detail page, a charge's result, a cash-out's page):
// its status and what comes with it (when it changed, the wallet's words), pushed over server-sent
// events into the query cache (components/live/use-live-query.ts), polled while the stream is
// down, never again once final; an action that changes it invalidates its key. `LiveTransaction`
// follows it once for the page and its parts read it: the badge, what shows only while it is
// pending (a QR code, the sandbox buttons), what shows once it is final (the paid time, a failed
// cash-out's reason, the receipt). So a final status changes every one of them at once, with no
// server render of the page; the unread badge and the callback timeline are asked again with it.
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext } from "react";
import { unreadNotificationsKey } from "@/components/alerts/notification-keys";
import { callbackTimelineKey } from "@/components/callbacks/callback-timeline-key";
import { liveQueryKey, useLiveQuery } from "@/components/live/use-live-query";
import { StatusBadge, type StatusBadgeLabels } from "@/components/transactions/status-badge";
import { DescriptionItem } from "@/components/ui/description-list";
import { formatDateTime } from "@/lib/format";
import type { Locale } from "@/lib/i18n/messages";
import { isFinalStatus } from "@/lib/transactions/status-polling";
import type { TransactionLiveState } from "@/lib/vocabulary/transaction-live";

/** The URL a transaction's live status is read from: actions that change it invalidate liveQueryKey(this URL). */
export const transactionStatusUrl = (transactionId: string) => `/api/transactions/${transactionId}/status`;

type Context = { state: TransactionLiveState; locale: Locale };

const LiveTransactionContext = createContext<Context | null>(null);

const isDone = (state: TransactionLiveState) => isFinalStatus(state.status);

/** The page's live transaction (its parts must be inside LiveTransaction). */
export function useLiveTransaction(): Context {
  const context = useContext(LiveTransactionContext);
  if (!context) throw new Error("A live transaction's part must be inside LiveTransaction");
  return context;
}

/** Follows one transaction (one stream for the page) and gives its state to the parts inside. */
export function LiveTransaction({
  transactionId,
  initial,
  follow,
  locale,
  children,
}: {
  transactionId: string;
  initial: TransactionLiveState;
  /** False where nothing can change it (a creation the wallet refused): nothing is asked. */
  follow: boolean;
  locale: Locale;
  children: ReactNode;
}) {
  const { state } = useLiveQuery<TransactionLiveState>({
    stateUrl: transactionStatusUrl(transactionId),
    eventsUrl: `/api/transactions/${transactionId}/events`,
    initial,
    isDone: follow ? isDone : () => true,
    // A status that moved may have raised an alert (the header's badge) and came with a callback (the timeline).
    moves: [unreadNotificationsKey, callbackTimelineKey(transactionId)],
  });
  return <LiveTransactionContext.Provider value={{ state, locale }}>{children}</LiveTransactionContext.Provider>;
}

/**
 * Writes a final status an action answered with (a charge the wallet says is already paid) into
 * the transaction's live state at once: a tab whose stream and polls did not reach the server
 * still shows it, as the page's server render after the answer used to. The action's
 * `invalidates` then reads the ledger's whole state (its time, its words) when it can.
 */
export function useAnsweredStatus(transactionId: string): (status: string | null) => void {
  const queryClient = useQueryClient();
  return (status) => {
    if (status === null) return;
    queryClient.setQueryData<TransactionLiveState>(liveQueryKey(transactionStatusUrl(transactionId)), (state) =>
      state ? { ...state, status } : state,
    );
  };
}

/** The status badge, announced politely when it changes. */
export function LiveStatus({ t }: { t: StatusBadgeLabels }) {
  const { status } = useLiveTransaction().state;
  return (
    <span aria-live="polite" data-testid="live-status">
      <StatusBadge status={status} t={t} />
    </span>
  );
}

/** Shown while the status is not final (a charge's QR code and countdown, the sandbox's buttons). */
export function LiveWhilePending({ children }: { children: ReactNode }) {
  return isFinalStatus(useLiveTransaction().state.status) ? null : children;
}

/** Shown once the status is one of `statuses` (a receipt once paid). */
export function LiveOnceStatus({ statuses, children }: { statuses: readonly string[]; children: ReactNode }) {
  const { status } = useLiveTransaction().state;
  return status !== null && statuses.includes(status) ? children : null;
}

/**
 * A description-list item once the status is final: the term for that status (`terms`, e.g. "Paid
 * at" for SUCCEED), the time it changed.
 */
export function LiveFinalAt({
  terms,
  testId,
  seconds = false,
}: {
  terms: Partial<Record<string, string>>;
  testId?: string;
  seconds?: boolean;
}) {
  const { state, locale } = useLiveTransaction();
  const term = state.status && isFinalStatus(state.status) ? terms[state.status] : undefined;
  if (!term || !state.statusChangedAt) return null;
  return (
    <DescriptionItem term={term} testId={testId}>
      {formatDateTime(locale, state.statusChangedAt, { seconds })}
    </DescriptionItem>
  );
}

/** When the status last changed (`none` before it ever did). */
export function LiveStatusChangedAt({ none }: { none: string }) {
  const { state, locale } = useLiveTransaction();
  return <>{state.statusChangedAt ? formatDateTime(locale, state.statusChangedAt, { seconds: true }) : none}</>;
}

/** The wallet's words with the current status, as a description-list item when there are any. */
export function LiveStatusDescription({ term }: { term: string }) {
  const { statusDescription } = useLiveTransaction().state;
  if (!statusDescription) return null;
  return (
    <DescriptionItem term={term}>
      <span translate="no">{statusDescription}</span>
    </DescriptionItem>
  );
}
