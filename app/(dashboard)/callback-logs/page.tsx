import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { redirect } from "next/navigation";
import { InboxFilterForm } from "@/components/callbacks/inbox-filter-form";
import { OutcomeBadge } from "@/components/callbacks/outcome-badge";
import { StatusBadge } from "@/components/transactions/status-badge";
import { Button } from "@/components/ui/button";
import { CopyIdButton } from "@/components/ui/copy-id-button";
import { PageHeader } from "@/components/ui/page-header";
import { TextField } from "@/components/ui/text-field";
import { Toaster } from "@/components/ui/toaster";
import { TruncatedText } from "@/components/ui/truncated-text";
import { formatDateTime } from "@/lib/format";
import { fill } from "@/lib/i18n/fill";
import { queryWithoutEmptyParams } from "@/lib/url/query-without-empty";
import { requirePageOperator } from "@/lib/auth/session";
import { listRecentDeliveries } from "@/lib/db/queries/callback-deliveries";
import { getMessages } from "@/lib/i18n/locale";
import { callbackLogIdSchema, inboxFiltersSchema, sinceAsDate } from "@/lib/schemas/callback-log-lookup";
import { getDb } from "@/lib/server/runtime";
import { DataTable } from "@/components/ui/data-table";

export const metadata: Metadata = { title: "Callback logs" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CallbackLogsPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageOperator("read");
  const { locale, t } = await getMessages();
  const query = await searchParams;
  const clean = queryWithoutEmptyParams(query);
  if (clean !== null) redirect(`/callback-logs${clean}`);
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
          <Button type="submit">{t["callbackLog.submit"]}</Button>
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
                <td className="whitespace-nowrap px-3 py-2">
                  <time dateTime={delivery.receivedAt.toISOString()}>{formatDateTime(locale, delivery.receivedAt, { seconds: true })}</time>
                </td>
                <td className="px-3 py-2">
                  <StatusBadge status={delivery.status} t={t} />
                </td>
                <td className="px-3 py-2">
                  <OutcomeBadge outcome={delivery.outcome} t={t} />
                </td>
                <td className="px-3 py-2 font-mono text-xs">
                  {delivery.transactionId ? (
                    <Link href={`/transactions/${delivery.transactionId}`} className="text-brand-700 underline">
                      <TruncatedText text={delivery.walletTransactionId} maxWidth="max-w-[10rem]" />
                    </Link>
                  ) : (
                    <TruncatedText text={delivery.walletTransactionId} maxWidth="max-w-[10rem]" />
                  )}
                </td>
                <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">
                  {delivery.callbackLogId ? (
                    <span className="inline-flex items-center gap-1">
                      <Link
                        href={`/callback-logs/${delivery.callbackLogId}`}
                        className="text-brand-700 underline"
                        title={delivery.callbackLogId}
                        aria-label={fill(t["callbackLog.openLog"], { id: delivery.callbackLogId })}
                      >
                        {delivery.callbackLogId.slice(0, 8)}…
                      </Link>
                      <CopyIdButton
                        value={delivery.callbackLogId}
                        label={fill(t["ui.copyId"], { id: delivery.callbackLogId })}
                        copied={t["ui.copied"]}
                        failed={t["ui.copyFailed"]}
                      />
                    </span>
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
      <Toaster closeLabel={t["ui.close"]} />
    </>
  );
}
