"use client";
// A cash-out request's page, the parts that change after it was rendered: its state, who decided
// and why, the decision buttons (gone once decided), the sent cash-out's link, a batch's sending
// progress and its rows' results. They read one live state as query data
// (components/live/use-live-query.ts: seeded by the page's render, written by the request's
// server-sent events, polled while the stream is down), so the requester sees a decision the
// moment it is pushed, and nothing else on the page renders again.
import { createContext, type ReactNode, useContext } from "react";
import { useLiveQuery } from "@/components/live/use-live-query";
import { Badge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import { formatDateTime } from "@/lib/format";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import type { Locale } from "@/lib/i18n/messages";
import { type RequestLiveState, rowResultKey } from "@/lib/vocabulary/cash-out-request-live";
import type { CashOutRequestState } from "@/lib/vocabulary/cash-out-request-states";
import { approvalStateVocabulary } from "@/lib/vocabulary/status-labels";

type Context = { state: RequestLiveState; t: ClientMessages<"liveRequest">; locale: Locale };

const LiveRequestContext = createContext<Context | null>(null);

/** The URL a request's live state is read from: liveQueryKey(this URL) is its query key. */
export const requestStateUrl = (requestId: string) => `/api/cash-out-requests/${requestId}/state`;

const isDone = (state: RequestLiveState) => state.done;

function useLiveRequest(): Context {
  const context = useContext(LiveRequestContext);
  if (!context) throw new Error("A live request's part must be inside LiveRequest");
  return context;
}

/** Follows one request (one stream for the whole page) and gives its state to the parts inside. */
export function LiveRequest({
  requestId,
  initial,
  t,
  locale,
  children,
}: {
  requestId: string;
  initial: RequestLiveState;
  t: ClientMessages<"liveRequest">;
  locale: Locale;
  children: ReactNode;
}) {
  const { state } = useLiveQuery<RequestLiveState>({
    stateUrl: requestStateUrl(requestId),
    eventsUrl: `/api/cash-out-requests/${requestId}/events`,
    initial,
    isDone,
  });
  return <LiveRequestContext.Provider value={{ state, t, locale }}>{children}</LiveRequestContext.Provider>;
}

/**
 * The request's state badge. Until the live state differs from the one the page was rendered
 * with, it shows what the server chose (`shown`: "expired" for a request awaiting past its time).
 */
export function LiveRequestStateBadge({ rendered, shown }: { rendered: CashOutRequestState; shown: CashOutRequestState }) {
  const { state, t } = useLiveRequest();
  const entry = approvalStateVocabulary[state.state !== rendered ? state.state : shown];
  return (
    <Badge tone={entry.tone} data-testid="request-state">
      {t[entry.key]}
    </Badge>
  );
}

/** Who decided, when, and the reason given: description-list items, once there is a decision. */
export function LiveRequestDecisionFacts() {
  const { state, t, locale } = useLiveRequest();
  return (
    <>
      {state.decidedByEmail ? (
        <>
          <dt className="font-medium text-slate-700">{t["approvals.detail.decidedBy"]}</dt>
          <dd className="min-w-0 break-words" data-testid="request-decided-by">
            {`${state.decidedByEmail} · ${state.decidedAt ? formatDateTime(locale, state.decidedAt) : ""}`}
          </dd>
        </>
      ) : null}
      {state.decisionReason ? (
        <>
          <dt className="font-medium text-slate-700">{t["approvals.detail.reason"]}</dt>
          <dd className="min-w-0 break-words" data-testid="request-reason">
            {state.decisionReason}
          </dd>
        </>
      ) : null}
    </>
  );
}

/** The decision buttons, shown while the request awaits a decision (`awaiting`: the page's view of it, expiry included). */
export function LiveRequestAwaiting({ awaiting, children }: { awaiting: boolean; children: ReactNode }) {
  const { state } = useLiveRequest();
  return awaiting && state.state === "awaiting_approval" ? children : null;
}

/** A single request's sent cash-out, linked once it exists. */
export function LiveSentCashOutLink() {
  const { state, t } = useLiveRequest();
  if (!state.transactionId) return null;
  return (
    <p>
      <Link href={`/cash-out/${state.transactionId}`} className="font-semibold text-brand-800 underline">
        {t["approvals.detail.sentCashOut"]}
      </Link>
    </p>
  );
}

/** An approved batch's sending progress and its downloads. */
export function LiveBatchProgress({ requestId }: { requestId: string }) {
  const { state, t } = useLiveRequest();
  if (state.state !== "approved") return null;
  const processed = state.created + state.failed;
  return (
    <section aria-labelledby="progress-heading" className="max-w-3xl space-y-2">
      <h2 id="progress-heading" className="text-lg font-bold">
        {t["approvals.progress.label"]}
      </h2>
      <progress
        className="h-4 w-full"
        max={state.total}
        value={processed}
        aria-labelledby="progress-heading"
        aria-describedby="progress-text"
      />
      <p id="progress-text" role="status" data-testid="batch-progress">
        {fill(t["approvals.progress.text"], { done: processed, total: state.total, failed: state.failed })}
      </p>
      <a
        href={`/api/cash-out-requests/${requestId}/results`}
        download
        className="inline-flex rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-100"
      >
        {t["approvals.results.download"]}
      </a>
      <a
        href={`/api/cash-out-requests/${requestId}/receipts`}
        download
        data-testid="batch-receipts"
        className="ml-2 inline-flex rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-100"
      >
        {t["receipt.batchZip"]}
      </a>
    </section>
  );
}

/** A batch row's result (the row at `index` in line order). */
export function LiveRowResult({ index, rendered }: { index: number; rendered: string }) {
  const { state, t } = useLiveRequest();
  const result = state.rowResults[index] ?? rendered;
  const key = rowResultKey(result);
  return <>{key in t ? t[key as keyof typeof t] : result}</>;
}
