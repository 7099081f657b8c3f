"use client";
// Every callback received for one transaction, oldest first, with its effect on the ledger (a
// rejected delivery marked as a problem with its reason; a settling one says it settled the row),
// as query data: the page's render seeds it; it is fetched again when the transaction's live
// status moves (components/transactions/live-status.tsx names it in `moves`), after a resend (the
// resend form's burst), and while the transaction is pending on a backing-off schedule, since a
// delivery that changes no status (a duplicate, a rejected one) pushes nothing.
import { useQuery } from "@tanstack/react-query";
import { callbackTimelineKey, callbackTimelineUrl } from "@/components/callbacks/callback-timeline-key";
import { OutcomeBadge } from "@/components/callbacks/outcome-badge";
import { StatusBadge } from "@/components/transactions/status-badge";
import { Link } from "@/components/ui/link";
import { formatDateTime } from "@/lib/format";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import type { Locale } from "@/lib/i18n/messages";
import { isFinalStatus, pollDelayAfter } from "@/lib/transactions/status-polling";
import { useLiveTransaction } from "@/components/transactions/live-status";
import type { CallbackTimelineEntry } from "@/lib/vocabulary/transaction-live";

export function LiveCallbackTimeline({
  transactionId,
  initial,
  locale,
  t,
}: {
  transactionId: string;
  initial: CallbackTimelineEntry[];
  locale: Locale;
  t: ClientMessages<"callbackTimeline">;
}) {
  // Inside the page's LiveTransaction: asked again on a schedule while the status is pending.
  const polling = !isFinalStatus(useLiveTransaction().state.status);
  const { data: entries } = useQuery({
    queryKey: callbackTimelineKey(transactionId),
    queryFn: async ({ signal }) => {
      const response = await fetch(callbackTimelineUrl(transactionId), { cache: "no-store", signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return ((await response.json()) as { entries: CallbackTimelineEntry[] }).entries;
    },
    initialData: initial,
    // The schedule of the whole-page refresh this replaces (2 s backing off to 10 s, 60 times at most).
    refetchInterval: (query) => (polling && query.state.dataUpdateCount < 60 ? pollDelayAfter(query.state.dataUpdateCount) : false),
  });
  return (
    <section aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="mb-3 text-lg font-semibold">
        {t["timeline.title"]}
      </h2>
      {entries.length === 0 ? (
        <p>{t["timeline.empty"]}</p>
      ) : (
        <ol className="space-y-2" data-testid="callback-timeline">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className={`flex flex-wrap items-center gap-x-4 gap-y-1 rounded-md border px-3 py-2 ${entry.outcome === "rejected" ? "border-red-600 bg-red-50" : "border-slate-300 bg-white"}`}
              data-outcome={entry.outcome}
            >
              {/* Seconds: deliveries of one transaction are often seconds apart. */}
              <time dateTime={entry.receivedAt} className="font-mono text-sm">
                {formatDateTime(locale, entry.receivedAt, { seconds: true })}
              </time>
              <StatusBadge status={entry.status} t={t} />
              <OutcomeBadge outcome={entry.outcome} t={t} />
              {entry.callbackLogId ? (
                <Link href={`/callback-logs/${entry.callbackLogId}`} className="font-mono text-sm text-brand-700 underline">
                  {t["timeline.logId"]} {entry.callbackLogId.slice(0, 8)}…
                </Link>
              ) : null}
              {entry.rejectionReason ? (
                <p className="w-full text-sm break-words text-red-950">
                  <strong>{t["timeline.reason"]}:</strong> {entry.rejectionReason}
                </p>
              ) : null}
              {entry.outcome === "settled" ? <p className="w-full text-sm text-slate-800">{t["timeline.settledNote"]}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
