"use client";
// An endpoint's delivery log, live: the page renders its first rows (the query's initialData, so
// nothing loads twice), then the log is query data polled every half second while it is open and
// the tab visible (the delivery worker has no stream to push it), and fetched again at once after
// a resend or a replay (they invalidate its key). So an attempt shows within a second of it.
// The one data table: by when each delivery was queued, either way, a keyset page at a time (the
// page polled is the page shown: its order and cursor travel with the filters). Its optional columns
// and density are the page's Columns control's (?cols=, ?density=: `look`, kept by its links).
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { eventDeliveriesKey } from "@/components/events/event-query-keys";
import { EventResendButton } from "@/components/events/event-resend-button";
import { chosenCells, DataTable, sortHeaderLink } from "@/components/ui/data-table";
import { KeysetPagination } from "@/components/ui/keyset-pagination";
import { formatDateTime } from "@/lib/format";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import type { Locale } from "@/lib/i18n/messages";
import type { DeliveryLogPage } from "@/lib/vocabulary/event-delivery-log";
import { type EventDeliveryColumn, type EventDeliverySort, eventDeliverySort } from "@/lib/vocabulary/event-delivery-list";
import type { TableLook } from "@/lib/vocabulary/table-columns";

const pollMs = 500;

type Filters = { status?: string; type?: string };

/** The log's order and page, as the page's URL carries them (`cursor`: the encoded cursor). */
export type DeliveryLogView = { sort: EventDeliverySort; cursor?: string };

export function EventDeliveryLog({
  endpointId,
  filters,
  view,
  look,
  initial,
  locale,
  t,
}: {
  endpointId: string;
  filters: Filters;
  view: DeliveryLogView;
  look: TableLook<EventDeliveryColumn>;
  initial: DeliveryLogPage;
  locale: Locale;
  t: ClientMessages<"eventsUi">;
}) {
  // The filters, the order (the default left out) and the page, for the live query and the links.
  const queryOf = (sort: EventDeliverySort, cursor?: string) => {
    const params = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
    if (sort !== eventDeliverySort.defaultSort) params.set("sort", sort);
    if (cursor) params.set("cursor", cursor);
    return params;
  };
  const search = queryOf(view.sort, view.cursor);
  // Links keep the look too (the live query does not need it).
  const href = (sort: EventDeliverySort, cursor?: string) => {
    const params = queryOf(sort, cursor);
    for (const [name, value] of Object.entries(look.kept)) if (value) params.set(name, value);
    const text = params.toString();
    return `/settings/events/${endpointId}${text ? `?${text}` : ""}`;
  };
  const { data: page } = useQuery({
    queryKey: [...eventDeliveriesKey(endpointId), search.toString()],
    queryFn: async ({ signal }) => {
      const response = await fetch(`/api/events/endpoints/${endpointId}/deliveries?${search}`, { cache: "no-store", signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as DeliveryLogPage;
    },
    initialData: initial,
    staleTime: 0,
    refetchInterval: pollMs,
  });
  const filtered = Boolean(filters.status || filters.type);
  type Delivery = (typeof page.deliveries)[number];
  const cells: Record<EventDeliveryColumn, (delivery: Delivery) => ReactNode> = {
    event: (delivery) => (
      <td>
        <code translate="no" className="font-mono text-xs">
          {delivery.eventType}
        </code>
        <br />
        <span className="font-mono text-xs text-slate-600">{delivery.eventId}</span>
      </td>
    ),
    occurred: (delivery) => <td className="whitespace-nowrap">{formatDateTime(locale, delivery.occurredAt, { seconds: true })}</td>,
    status: (delivery) => <td>{t[`events.delivery.${delivery.status}`]}</td>,
    attempts: (delivery) => (
      <td>
        <ol className="space-y-1 text-xs">
          {delivery.attempts.map((attempt) => (
            <li key={attempt.id} data-testid="event-delivery-attempt">
              {fill(t["events.log.attempt"], {
                at: formatDateTime(locale, attempt.attemptedAt, { seconds: true }),
                result: attempt.responseStatus ? `HTTP ${attempt.responseStatus}` : t["events.log.noAnswer"],
                ms: attempt.durationMs,
              })}
              {attempt.excerpt ? (
                <pre className="mt-0.5 max-w-md overflow-hidden whitespace-pre-wrap break-all text-slate-700">
                  {attempt.excerpt.slice(0, 200)}
                </pre>
              ) : null}
            </li>
          ))}
        </ol>
      </td>
    ),
    nextRetry: (delivery) => (
      <td className="whitespace-nowrap">
        {delivery.status === "pending" && delivery.nextAttemptAt ? formatDateTime(locale, delivery.nextAttemptAt, { seconds: true }) : ""}
      </td>
    ),
  };

  return (
    <>
      <DataTable
        caption={view.sort === "queued" ? t["events.log.captionOldest"] : t["events.log.caption"]}
        columns={[
          {
            key: "queued",
            name: t["events.log.queued"],
            sort: sortHeaderLink(
              view.sort,
              "queued",
              (next) => href(next),
              (next) => fill(t["table.sortColumn"], { column: t["events.log.queued"], order: t[`events.log.sort.${next}`] }),
            ),
          },
          ...look.columns.map((key) => ({ key, name: look.names[key] })),
          { key: "actions", name: t["events.log.actions"] },
        ]}
        density={look.density}
        sticky
        testId="event-delivery-log"
        empty={
          <div className="rounded-lg border border-dashed border-slate-400 p-6" data-testid="event-delivery-empty">
            <p className="font-medium">{t["events.log.empty"]}</p>
            <p className="mt-1 text-slate-700">{filtered ? t["events.log.emptyFiltered"] : t["events.log.emptyHint"]}</p>
          </div>
        }
      >
        {page.deliveries.map((delivery) => (
          <tr key={delivery.id} data-testid="event-delivery" data-status={delivery.status}>
            <td className="whitespace-nowrap">
              <time dateTime={delivery.queuedAt}>{formatDateTime(locale, delivery.queuedAt, { seconds: true })}</time>
            </td>
            {chosenCells(look.columns, delivery, cells)}
            <td>{delivery.status !== "sending" ? <EventResendButton endpointId={endpointId} deliveryId={delivery.id} t={t} /> : null}</td>
          </tr>
        ))}
      </DataTable>
      <KeysetPagination
        first={view.cursor ? href(view.sort) : undefined}
        previous={page.newer ? href(view.sort, page.newer) : undefined}
        next={page.older ? href(view.sort, page.older) : undefined}
        t={t}
      />
    </>
  );
}
