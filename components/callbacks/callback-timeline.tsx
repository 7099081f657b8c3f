// Every callback received for one transaction, oldest first, with its effect on the ledger. A
// rejected delivery is marked as a problem with its reason; a settling one says it settled the row.
import { Link } from "@/components/ui/link";
import { OutcomeBadge } from "@/components/callbacks/outcome-badge";
import { StatusBadge } from "@/components/transactions/status-badge";
import type { DeliveryOutcome } from "@/lib/vocabulary/delivery-outcomes";
import type { Messages } from "@/lib/i18n/messages";

type TimelineEntry = {
  id: string;
  receivedAt: Date;
  status: string;
  callbackLogId: string | null;
  outcome: DeliveryOutcome;
  rejectionReason: string | null;
};

/** Anything with `format(date)`, e.g. `{ format: (date) => formatDateTime(locale, date) }` (lib/format). */
type DateFormatter = { format: (date: Date) => string };

export function CallbackTimeline({ entries, t, dateFormat }: { entries: TimelineEntry[]; t: Messages; dateFormat: DateFormatter }) {
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
              <time dateTime={entry.receivedAt.toISOString()} className="font-mono text-sm">
                {dateFormat.format(entry.receivedAt)}
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
