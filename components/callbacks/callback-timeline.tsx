// Every callback received for one transaction, oldest first, with its effect on the ledger.
import Link from "next/link";
import { StatusBadge } from "@/components/transactions/status-badge";
import type { DeliveryOutcome } from "@/lib/db/schema";
import type { Messages } from "@/lib/i18n/messages";

type TimelineEntry = { id: string; receivedAt: Date; status: string; callbackLogId: string | null; outcome: DeliveryOutcome };

export function CallbackTimeline({ entries, t, dateFormat }: { entries: TimelineEntry[]; t: Messages; dateFormat: Intl.DateTimeFormat }) {
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
            <li key={entry.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-md border border-slate-300 bg-white px-3 py-2" data-outcome={entry.outcome}>
              <time dateTime={entry.receivedAt.toISOString()} className="font-mono text-sm">
                {dateFormat.format(entry.receivedAt)}
              </time>
              <StatusBadge status={entry.status} t={t} />
              <span className={entry.outcome === "applied" ? "text-sm text-emerald-900" : "text-sm font-semibold text-amber-900"}>{t[`outcome.${entry.outcome}`]}</span>
              {entry.callbackLogId ? (
                <Link href={`/callback-logs/${entry.callbackLogId}`} className="font-mono text-sm text-brand-700 underline">
                  {t["timeline.logId"]} {entry.callbackLogId.slice(0, 8)}…
                </Link>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
