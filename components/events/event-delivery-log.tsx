"use client";
// An endpoint's delivery log, live: the page renders its first rows (the query's initialData, so
// nothing loads twice), then the log is query data polled every half second while it is open and
// the tab visible (the delivery worker has no stream to push it), and fetched again at once after
// a resend or a replay (they invalidate its key). So an attempt shows within a second of it.
import { useQuery } from "@tanstack/react-query";
import { eventDeliveriesKey } from "@/components/events/event-query-keys";
import { EventResendButton } from "@/components/events/event-resend-button";
import { DataTable } from "@/components/ui/data-table";
import { formatDateTime } from "@/lib/format";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import type { Locale } from "@/lib/i18n/messages";
import type { DeliveryLogEntry } from "@/lib/vocabulary/event-delivery-log";

const pollMs = 500;

type Filters = { status?: string; type?: string };

export function EventDeliveryLog({
  endpointId,
  filters,
  initial,
  locale,
  t,
}: {
  endpointId: string;
  filters: Filters;
  initial: DeliveryLogEntry[];
  locale: Locale;
  t: ClientMessages<"eventsUi">;
}) {
  const search = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const { data: deliveries } = useQuery({
    queryKey: [...eventDeliveriesKey(endpointId), search.toString()],
    queryFn: async ({ signal }) => {
      const response = await fetch(`/api/events/endpoints/${endpointId}/deliveries?${search}`, { cache: "no-store", signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return ((await response.json()) as { deliveries: DeliveryLogEntry[] }).deliveries;
    },
    initialData: initial,
    staleTime: 0,
    refetchInterval: pollMs,
  });

  if (deliveries.length === 0) return <p>{t["events.log.empty"]}</p>;
  return (
    <DataTable
      caption={t["events.log.caption"]}
      columns={[
        t["events.log.event"],
        t["events.log.occurred"],
        t["events.log.status"],
        t["events.log.attempts"],
        t["events.log.nextRetry"],
        t["events.log.actions"],
      ]}
    >
      {deliveries.map((delivery) => (
        <tr key={delivery.id} className="border-t border-slate-200 align-top" data-testid="event-delivery" data-status={delivery.status}>
          <td className="px-3 py-2">
            <code translate="no" className="font-mono text-xs">
              {delivery.eventType}
            </code>
            <br />
            <span className="font-mono text-xs text-slate-600">{delivery.eventId}</span>
          </td>
          <td className="whitespace-nowrap px-3 py-2">{formatDateTime(locale, delivery.occurredAt, { seconds: true })}</td>
          <td className="px-3 py-2">{t[`events.delivery.${delivery.status}`]}</td>
          <td className="px-3 py-2">
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
          <td className="whitespace-nowrap px-3 py-2">
            {delivery.status === "pending" && delivery.nextAttemptAt
              ? formatDateTime(locale, delivery.nextAttemptAt, { seconds: true })
              : ""}
          </td>
          <td className="px-3 py-2">
            {delivery.status !== "sending" ? <EventResendButton endpointId={endpointId} deliveryId={delivery.id} t={t} /> : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
