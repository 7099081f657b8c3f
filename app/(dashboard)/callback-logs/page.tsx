import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { InboxFilterForm } from "@/components/callbacks/inbox-filter-form";
import { StatusBadge } from "@/components/transactions/status-badge";
import { PageHeader } from "@/components/ui/page-header";
import { TextField } from "@/components/ui/text-field";
import { requirePageOperator } from "@/lib/auth/session";
import { listRecentDeliveries } from "@/lib/db/queries/callback-deliveries";
import { getMessages } from "@/lib/i18n/locale";
import { callbackLogIdSchema, inboxFiltersSchema, sinceAsDate } from "@/lib/schemas/callback-log-lookup";
import { getDb } from "@/lib/server/runtime";
import { dateTimeFormat } from "@/lib/i18n/date-time-format";
import { DataTable } from "@/components/ui/data-table";

export const metadata: Metadata = { title: "Callback logs" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CallbackLogsPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageOperator("read");
  const { locale, t } = await getMessages();
  const query = await searchParams;
  const lookupId = typeof query.id === "string" ? query.id.trim() : undefined;
  if (lookupId && callbackLogIdSchema.safeParse(lookupId).success) redirect(`/callback-logs/${lookupId}`);
  const filters = inboxFiltersSchema.parse({
    status: query.status || undefined,
    outcome: query.outcome || undefined,
    since: query.since || undefined,
  });
  const deliveries = await listRecentDeliveries(await getDb(), {
    status: filters.status,
    outcome: filters.outcome,
    since: sinceAsDate(filters.since),
  });
  const dateFormat = dateTimeFormat(locale, { dateStyle: "short", timeStyle: "medium" });

  return (
    <>
      <PageHeader title={t["callbackLogs.title"]} description={t["callbackLogs.placeholder"]} />
      <section aria-labelledby="lookup-heading" className="mb-10 max-w-xl">
        <h2 id="lookup-heading" className="mb-3 text-lg font-semibold">
          {t["callbackLog.lookup"]}
        </h2>
        <form method="get" className="space-y-3">
          <TextField
            id="id"
            name="id"
            autoComplete="off"
            label={t["callbackLog.id"]}
            hint={t["callbackLog.idHint"]}
            defaultValue={lookupId}
            error={lookupId ? t["callbackLog.malformedId"] : undefined}
          />
          <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            {t["callbackLog.submit"]}
          </button>
        </form>
      </section>
      <section aria-labelledby="inbox-heading">
        <h2 id="inbox-heading" className="mb-1 text-lg font-semibold">
          {t["inbox.title"]}
        </h2>
        <p className="mb-3 text-slate-700">{t["inbox.intro"]}</p>
        <InboxFilterForm status={filters.status} outcome={filters.outcome} since={filters.since} t={t} />
        {deliveries.length === 0 ? (
          <p>{t["inbox.empty"]}</p>
        ) : (
          <DataTable
            caption={t["inbox.caption"]}
            columns={[
              t["timeline.receivedAt"],
              t["timeline.status"],
              t["timeline.outcome"],
              t["inbox.transaction"],
              t["timeline.logId"],
              t["inbox.reason"],
            ]}
          >
            {deliveries.map((delivery) => (
              <tr
                key={delivery.id}
                className={`border-t border-slate-200 ${delivery.outcome === "rejected" ? "bg-red-50" : ""}`}
                data-outcome={delivery.outcome}
              >
                <td className="whitespace-nowrap px-3 py-2">{dateFormat.format(delivery.receivedAt)}</td>
                <td className="px-3 py-2">
                  <StatusBadge status={delivery.status} t={t} />
                </td>
                <td
                  className={`px-3 py-2 ${delivery.outcome === "rejected" || delivery.outcome === "unmatched" ? "font-semibold text-red-900" : ""}`}
                >
                  {t[`outcome.${delivery.outcome}`]}
                </td>
                <td className="px-3 py-2 font-mono">
                  {delivery.transactionId ? (
                    <Link href={`/transactions/${delivery.transactionId}`} className="text-brand-700 underline">
                      {delivery.walletTransactionId}
                    </Link>
                  ) : (
                    delivery.walletTransactionId
                  )}
                </td>
                <td className="px-3 py-2 font-mono">
                  {delivery.callbackLogId ? (
                    <Link href={`/callback-logs/${delivery.callbackLogId}`} className="text-brand-700 underline">
                      {delivery.callbackLogId}
                    </Link>
                  ) : (
                    "—"
                  )}
                </td>
                <td className="px-3 py-2 text-sm break-words">{delivery.rejectionReason ?? ""}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
