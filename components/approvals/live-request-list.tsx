"use client";
// The Approvals list's two tables (awaiting a decision, recently decided), live: one state as
// query data (components/live/use-live-query.ts), seeded by the page's render and pushed by the
// requests' server-sent events whenever any request is submitted, decided, cancelled or expires.
// Both are the one data table (components/ui/data-table.tsx): the queue sorts by time requested
// or amount, either way, a keyset page at a time (lib/vocabulary/approvals-list.ts); no bulk
// decision exists, so no row selection. Their optional columns and density are the page's Columns
// control's (?cols=, ?density=: `look`, kept by the queue's links).
import type { ReactNode } from "react";
import { useLiveQuery } from "@/components/live/use-live-query";
import { Badge } from "@/components/ui/badge";
import { chosenCells, DataTable, sortHeaderLink } from "@/components/ui/data-table";
import { KeysetPagination } from "@/components/ui/keyset-pagination";
import { Button } from "@/components/ui/button";
import { FilterSelect } from "@/components/ui/filter-select";
import { Link } from "@/components/ui/link";
import { formatBRL, formatDateTime } from "@/lib/format";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import type { Locale } from "@/lib/i18n/messages";
import type { RequestListItem, RequestListLiveState } from "@/lib/vocabulary/cash-out-request-live";
import { approvalStateVocabulary } from "@/lib/vocabulary/status-labels";
import { type ApprovalsSort, type ApprovalsTableColumn, approvalsSort } from "@/lib/vocabulary/approvals-list";
import type { TableLook } from "@/lib/vocabulary/table-columns";

type ApprovalsColumn = (typeof approvalsSort.columns)[number];

type ListMessages = ClientMessages<"liveRequestList">;

export const requestListStateUrl = "/api/cash-out-requests/state";

/** The queue's order and page, as the page's URL carries them (`cursor`: the encoded cursor). */
export type RequestListViewParams = { sort: ApprovalsSort; cursor?: string };

/** "?sort=…&cursor=…" for the queue (the default order left out; `kept`: the look, for links), or "". */
function viewQuery(sort: ApprovalsSort, cursor?: string, kept: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(kept)) if (value) params.set(name, value);
  if (sort !== approvalsSort.defaultSort) params.set("sort", sort);
  if (cursor) params.set("cursor", cursor);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The rows (an array: the table shows its empty state when there is none), their optional cells as `look` chooses. */
function requestRows(requests: RequestListItem[], look: TableLook<ApprovalsTableColumn>, t: ListMessages, locale: Locale) {
  const what = (request: RequestListItem) =>
    request.kind === "batch"
      ? fill(t["approvals.batch"], { n: request.itemCount, file: request.fileName ?? "CSV" })
      : fill(t["approvals.single"], { key: request.pixKey ?? "" });
  const cells: Record<ApprovalsTableColumn, (request: RequestListItem) => ReactNode> = {
    what: (request) => (
      <td>
        <Link
          href={`/approvals/${request.id}`}
          className="font-medium text-brand-800 underline"
          aria-label={fill(t["approvals.open"], { what: what(request), amount: formatBRL(request.totalCents) })}
        >
          {what(request)}
        </Link>
      </td>
    ),
    amount: (request) => (
      <td className="whitespace-nowrap" data-testid="approval-amount">
        {formatBRL(request.totalCents)}
      </td>
    ),
    by: (request) => <td className="break-words">{request.requestedByEmail}</td>,
    state: (request) => {
      const state = approvalStateVocabulary[request.state];
      return (
        <td>
          <Badge tone={state.tone} data-testid="request-state">
            {t[state.key]}
          </Badge>
        </td>
      );
    },
    expires: (request) => (
      <td className="whitespace-nowrap">{request.state === "awaiting_approval" ? formatDateTime(locale, request.expiresAt) : "—"}</td>
    ),
  };
  return requests.map((request) => (
    <tr key={request.id} data-testid="approval-request-row">
      <td className="whitespace-nowrap">
        <time dateTime={request.createdAt}>{formatDateTime(locale, request.createdAt)}</time>
      </td>
      {chosenCells(look.columns, request, cells)}
    </tr>
  ));
}

/**
 * Both tables, from one live state (one stream); `children` go between them (the day's totals).
 * The queue sorts by time requested or amount (header links) and pages by keyset cursors; the live
 * state follows the page shown (its routes read the same `?sort=` and `?cursor=`).
 */
export function LiveRequestLists({
  initial,
  view,
  look,
  t,
  locale,
  children,
}: {
  initial: RequestListLiveState;
  view: RequestListViewParams;
  look: TableLook<ApprovalsTableColumn>;
  t: ListMessages;
  locale: Locale;
  children?: ReactNode;
}) {
  const query = viewQuery(view.sort, view.cursor);
  const { state } = useLiveQuery<RequestListLiveState>({
    stateUrl: `${requestListStateUrl}${query}`,
    eventsUrl: `/api/cash-out-requests/events${query}`,
    initial,
  });
  const href = (sort: ApprovalsSort, cursor?: string) => `/approvals${viewQuery(sort, cursor, look.kept)}`;
  const sortable = (column: ApprovalsColumn, name: string) =>
    sortHeaderLink(
      view.sort,
      column,
      (next) => href(next),
      (next) => fill(t["table.sortColumn"], { column: name, order: t[`approvals.sort.${next}`] }),
    );
  // The chosen columns; the amount sorts the queue (the decided table does not sort).
  const columnsOf = (sorts: boolean) => [
    { key: "requested", name: t["approvals.col.when"], ...(sorts ? { sort: sortable("requested", t["approvals.col.when"]) } : {}) },
    ...look.columns.map((key) => ({
      key,
      name: look.names[key],
      ...(sorts && key === "amount" ? { sort: sortable("amount", look.names.amount) } : {}),
    })),
  ];
  return (
    <div className="space-y-8">
      <section aria-labelledby="awaiting-heading" className="space-y-2">
        <h2 id="awaiting-heading" className="text-lg font-bold">
          {t["approvals.awaiting"]}
        </h2>
        {/* The order as a form too: phones show the rows as cards, without the headers' links. */}
        <form method="get" action="/approvals" className="flex flex-wrap items-end gap-3">
          <FilterSelect
            id="approvals-sort"
            name="sort"
            label={t["table.order"]}
            anyLabel={t[`approvals.sort.${approvalsSort.defaultSort}`]}
            defaultValue={view.sort === approvalsSort.defaultSort ? undefined : view.sort}
            options={approvalsSort.sorts
              .filter((value) => value !== approvalsSort.defaultSort)
              .map((value) => ({ value, label: t[`approvals.sort.${value}`] }))}
          />
          {Object.entries(look.kept).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" variant="secondary">
            {t["approvals.sortApply"]}
          </Button>
        </form>
        <DataTable
          caption={fill(t["approvals.awaitingCaption"], { order: t[`approvals.sort.${view.sort}`] })}
          columns={columnsOf(true)}
          density={look.density}
          sticky
          testId="approvals-queue"
          empty={
            <div className="rounded-lg border border-dashed border-slate-400 p-6" data-testid="approvals-empty">
              <p className="font-medium">{t["approvals.empty"]}</p>
              <p className="mt-1 text-slate-700">{t["approvals.emptyHint"]}</p>
            </div>
          }
        >
          {requestRows(state.awaiting, look, t, locale)}
        </DataTable>
        <KeysetPagination
          first={view.cursor ? href(view.sort) : undefined}
          previous={state.awaitingPages.newer ? href(view.sort, state.awaitingPages.newer) : undefined}
          next={state.awaitingPages.older ? href(view.sort, state.awaitingPages.older) : undefined}
          t={t}
        />
      </section>
      {children}
      <section aria-labelledby="decided-heading" className="space-y-2">
        <h2 id="decided-heading" className="text-lg font-bold">
          {t["approvals.recent"]}
        </h2>
        <DataTable
          caption={t["approvals.recent"]}
          columns={columnsOf(false)}
          density={look.density}
          empty={<p className="text-slate-700">{t["approvals.emptyDecided"]}</p>}
        >
          {requestRows(state.decided, look, t, locale)}
        </DataTable>
      </section>
    </div>
  );
}
