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
import { listInboxPage } from "@/lib/db/queries/callback-deliveries";
import { getMessages } from "@/lib/i18n/locale";
import { callbackLogIdSchema, type InboxValues, parseInboxQuery, sinceAsDate } from "@/lib/schemas/callback-log-lookup";
import { encodeListCursor } from "@/lib/schemas/list-sort";
import type { ListCursor } from "@/lib/vocabulary/list-sort";
import { type CallbackLogColumn, callbackLogColumns, callbackLogSort } from "@/lib/vocabulary/callback-log-list";
import { ColumnsMenu } from "@/components/ui/columns-menu";
import { KeysetPagination } from "@/components/ui/keyset-pagination";
import { clientMessages } from "@/lib/i18n/client-messages";
import { getDb } from "@/lib/server/runtime";
import { type CellLook, DataTable, sortHeaderLink } from "@/components/ui/data-table";

export const metadata: Metadata = { title: "Callback logs" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CallbackLogsPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requirePageOperator("read");
  const { locale, t } = await getMessages();
  const query = await searchParams;
  const clean = queryWithoutEmptyParams(query);
  if (clean !== null) redirect(`/callback-logs${clean}`);
  const lookupId = typeof query.id === "string" ? query.id.trim() : undefined;
  if (lookupId && callbackLogIdSchema.safeParse(lookupId).success) redirect(`/callback-logs/${lookupId}`);
  const inbox = parseInboxQuery(query);
  const { filters } = inbox;
  const page = await listInboxPage(
    await getDb(),
    operator.stores,
    { status: filters.status, outcome: filters.outcome, since: sinceAsDate(filters.since) },
    inbox.sort,
    inbox.cursor,
  );
  const deliveries = page.rows;
  // The list's URL with other values (a header's order, a page's cursor), the rest kept.
  const href = (values: InboxValues, cursor?: ListCursor) => {
    const params = new URLSearchParams(Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])));
    if (cursor) params.set("cursor", encodeListCursor(cursor));
    const text = params.toString();
    return `/callback-logs${text ? `?${text}` : ""}`;
  };
  const names: Record<CallbackLogColumn, string> = {
    status: t["timeline.status"],
    outcome: t["timeline.outcome"],
    transaction: t["inbox.transaction"],
    logId: t["timeline.logId"],
    reason: t["inbox.reason"],
  };
  const { cols: _cols, density: _density, ...lookless } = inbox.values;
  // Each column's cells' look, set on the table (DataTable's column looks) rather than on every row.
  const cellLookOf: Record<CallbackLogColumn, readonly CellLook[]> = {
    status: [],
    outcome: [],
    transaction: ["id"],
    logId: ["id", "nowrap"],
    reason: ["prose"],
  };
  const cell = (column: CallbackLogColumn, delivery: (typeof deliveries)[number]) => {
    switch (column) {
      case "status":
        return (
          <td key={column}>
            <StatusBadge status={delivery.status} t={t} />
          </td>
        );
      case "outcome":
        return (
          <td key={column}>
            <OutcomeBadge outcome={delivery.outcome} t={t} />
          </td>
        );
      case "transaction":
        return (
          <td key={column}>
            {delivery.transactionId ? (
              <Link href={`/transactions/${delivery.transactionId}`} className="text-brand-700 underline">
                <TruncatedText text={delivery.walletTransactionId} maxWidth="max-w-[10rem]" />
              </Link>
            ) : (
              <TruncatedText text={delivery.walletTransactionId} maxWidth="max-w-[10rem]" />
            )}
          </td>
        );
      case "logId":
        return (
          <td key={column}>
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
        );
      case "reason":
        return <td key={column}>{delivery.rejectionReason ?? ""}</td>;
    }
  };

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
        <div className="mb-2 flex flex-wrap items-end justify-between gap-3">
          <InboxFilterForm
            status={filters.status}
            outcome={filters.outcome}
            since={filters.since}
            sort={inbox.values.sort}
            kept={{ cols: inbox.values.cols, density: inbox.values.density }}
            t={t}
          />
          <ColumnsMenu
            all={callbackLogColumns}
            columns={inbox.columns}
            density={inbox.density}
            names={names}
            hint={t["inbox.columnsHint"]}
            path="/callback-logs"
            baseQuery={new URLSearchParams(
              Object.entries(lookless).filter((entry): entry is [string, string] => Boolean(entry[1])),
            ).toString()}
            t={clientMessages(t, "columnsMenu")}
            testId="inbox-columns"
          />
        </div>
        <DataTable
          caption={inbox.sort === "received" ? t["inbox.captionOldest"] : t["inbox.caption"]}
          columns={[
            {
              key: "received",
              name: t["timeline.receivedAt"],
              look: ["nowrap"],
              sort: sortHeaderLink(
                inbox.sort,
                "received",
                (next) => href({ ...inbox.values, sort: next === callbackLogSort.defaultSort ? undefined : next }),
                (next) => fill(t["table.sortColumn"], { column: t["timeline.receivedAt"], order: t[`inbox.sort.${next}`] }),
              ),
            },
            ...inbox.columns.map((column) => ({ key: column, name: names[column], look: cellLookOf[column] })),
          ]}
          density={inbox.density}
          sticky
          // A rejected delivery's row is tinted (its data-outcome says which it is).
          className="[&_tr[data-outcome=rejected]]:bg-red-50"
          testId="inbox-table"
          empty={
            <div className="rounded-lg border border-dashed border-slate-400 p-6">
              <p className="font-medium">{t["inbox.empty"]}</p>
              <p className="mt-1 text-slate-700">{t["inbox.emptyHint"]}</p>
            </div>
          }
        >
          {deliveries.map((delivery) => (
            <tr key={delivery.id} data-outcome={delivery.outcome}>
              <td>
                <time dateTime={delivery.receivedAt.toISOString()}>{formatDateTime(locale, delivery.receivedAt, { seconds: true })}</time>
              </td>
              {inbox.columns.map((column) => cell(column, delivery))}
            </tr>
          ))}
        </DataTable>
        <KeysetPagination
          first={inbox.cursor ? href(inbox.values) : undefined}
          previous={page.newer ? href(inbox.values, page.newer) : undefined}
          next={page.older ? href(inbox.values, page.older) : undefined}
          t={t}
        />
      </section>
      <Toaster closeLabel={t["ui.close"]} />
    </>
  );
}
