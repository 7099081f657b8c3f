// The Overview's count of rejected callback deliveries (the delivery health's window, 7 days), linking
// to them in the inbox. The page passes the delivery health's own count (components read no database).
import { Link } from "@/components/ui/link";
import type { Messages } from "@/lib/i18n/messages";

export function RejectedDeliveriesCount({ rejected, t }: { rejected: number; t: Messages }) {
  return (
    <section
      aria-labelledby="rejected-deliveries-heading"
      className={`mt-8 rounded-lg border p-4 ${rejected > 0 ? "border-red-600 bg-red-50" : "border-slate-300 bg-white"}`}
      data-testid="rejected-deliveries-count"
    >
      <h2 id="rejected-deliveries-heading" className="text-lg font-semibold">
        {t["overview.rejectedDeliveries"]}
      </h2>
      <p className={`text-3xl font-bold ${rejected > 0 ? "text-red-900" : "text-slate-900"}`}>{rejected}</p>
      <p className="text-sm text-slate-800">{t["overview.rejectedDeliveriesHelp"]}</p>
      {rejected > 0 ? (
        <Link href="/callback-logs?outcome=rejected" className="mt-2 inline-block font-medium text-brand-700 underline">
          {t["overview.reviewRejected"]}
        </Link>
      ) : null}
    </section>
  );
}
