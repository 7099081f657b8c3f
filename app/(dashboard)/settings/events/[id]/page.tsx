// One event endpoint (admins): its controls (test event, on/off, rotate, delete), bulk replay, and
// the delivery log — each event with its attempts (status, duration, the answer's first bytes),
// its next retry, a resend, and filters by status and type (a plain GET form).
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import * as z from "@/lib/schemas/zod";
import { EventEndpointControls } from "@/components/events/event-endpoint-controls";
import { EventReplayPanel } from "@/components/events/event-replay-panel";
import { EventResendButton } from "@/components/events/event-resend-button";
import { EventTypeName } from "@/components/events/event-type-name";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { FilterSelect } from "@/components/ui/filter-select";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { findEventEndpoint, listDeliveryAttempts, listEndpointDeliveries } from "@/lib/db/queries/events";
import { formatDateTime } from "@/lib/format";
import { clientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import { getMessages } from "@/lib/i18n/locale";
import { deliveryLogFiltersSchema } from "@/lib/schemas/events";
import { getRuntime } from "@/lib/server/runtime";
import { eventDeliveryStatusLabels, eventTypeLabels } from "@/lib/vocabulary/code-labels";
import { eventDeliveryStatuses, eventTypes, testEventType } from "@/lib/vocabulary/event-types";

export const metadata: Metadata = { title: "Event endpoint" };

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function EventEndpointPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  await requirePageOperator("manageOperators");
  const { locale, t } = await getMessages();
  const id = z.uuid().safeParse((await params).id);
  if (!id.success) notFound();
  const { db, config } = await getRuntime();
  const endpoint = await findEventEndpoint(db, id.data);
  if (!endpoint) notFound();
  const filters = deliveryLogFiltersSchema.parse(await searchParams);
  const deliveries = await listEndpointDeliveries(db, endpoint.id, { status: filters.status, eventType: filters.type || undefined });
  const attempts = await listDeliveryAttempts(
    db,
    deliveries.map((delivery) => delivery.id),
  );
  const messages = clientMessages(t, "eventsUi");
  return (
    <>
      <PageHeader title={`${t["events.endpoint.title"]}: ${endpoint.url}`} description={endpoint.description} />
      <p className="mb-4">
        <Link href="/settings/events" className="text-brand-700 underline underline-offset-2">
          {t["events.endpoint.back"]}
        </Link>
      </p>
      <p className="mb-2 text-sm">
        {endpoint.enabled ? t["events.state.enabled"] : t["events.state.disabled"]}
        {!endpoint.enabled && endpoint.disabledReason
          ? ` — ${fill(t["events.endpoint.disabledReason"], { reason: endpoint.disabledReason })}`
          : ""}
        {endpoint.eventTypes.map((type) => (
          <span key={type}>
            {" · "}
            <EventTypeName type={type} t={t} />
          </span>
        ))}
      </p>
      <EventEndpointControls
        endpointId={endpoint.id}
        enabled={endpoint.enabled}
        overlapHours={config.events.secretOverlapHours}
        t={messages}
      />
      <section aria-labelledby="replay-title" className="mt-8">
        <h2 id="replay-title" className="mb-3 text-lg font-semibold">
          {t["events.replay.title"]}
        </h2>
        <EventReplayPanel endpointId={endpoint.id} t={messages} />
      </section>
      <section aria-labelledby="log-title" className="mt-8">
        <h2 id="log-title" className="mb-3 text-lg font-semibold">
          {t["events.log.title"]}
        </h2>
        <form method="get" className="mb-4 flex flex-wrap items-end gap-3">
          <FilterSelect
            id="log-status"
            name="status"
            label={t["events.log.filterStatus"]}
            anyLabel={t["events.log.any"]}
            options={eventDeliveryStatuses.map((status) => ({ value: status, label: t[eventDeliveryStatusLabels[status]] }))}
            defaultValue={filters.status}
          />
          <FilterSelect
            id="log-type"
            name="type"
            label={t["events.log.filterType"]}
            anyLabel={t["events.log.any"]}
            options={[...eventTypes, testEventType].map((type) => ({ value: type, label: `${t[eventTypeLabels[type]]} (${type})` }))}
            defaultValue={filters.type}
          />
          <Button type="submit" variant="secondary">
            {t["events.log.filter"]}
          </Button>
        </form>
        {deliveries.length === 0 ? (
          <p>{t["events.log.empty"]}</p>
        ) : (
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
              <tr key={delivery.id} className="border-t border-slate-200 align-top" data-testid="event-delivery">
                <td className="px-3 py-2">
                  <EventTypeName type={delivery.eventType} t={t} />
                  <br />
                  <span className="font-mono text-xs text-slate-600">{delivery.eventId}</span>
                </td>
                <td className="whitespace-nowrap px-3 py-2">{formatDateTime(locale, delivery.occurredAt, { seconds: true })}</td>
                <td className="px-3 py-2">{t[eventDeliveryStatusLabels[delivery.status]]}</td>
                <td className="px-3 py-2">
                  <ol className="space-y-1 text-xs">
                    {attempts
                      .filter((attempt) => attempt.deliveryId === delivery.id)
                      .map((attempt) => (
                        <li key={attempt.id}>
                          {fill(t["events.log.attempt"], {
                            at: formatDateTime(locale, attempt.attemptedAt, { seconds: true }),
                            result: attempt.responseStatus ? `HTTP ${attempt.responseStatus}` : t["events.log.noAnswer"],
                            ms: attempt.durationMs,
                          })}
                          {attempt.responseExcerpt || attempt.error ? (
                            <pre className="mt-0.5 max-w-md overflow-hidden whitespace-pre-wrap break-all text-slate-700">
                              {(attempt.responseExcerpt ?? attempt.error ?? "").slice(0, 200)}
                            </pre>
                          ) : null}
                        </li>
                      ))}
                  </ol>
                </td>
                <td className="whitespace-nowrap px-3 py-2">
                  {delivery.status === "pending" ? formatDateTime(locale, delivery.nextAttemptAt, { seconds: true }) : ""}
                </td>
                <td className="px-3 py-2">
                  {delivery.status !== "sending" ? (
                    <EventResendButton endpointId={endpoint.id} deliveryId={delivery.id} t={messages} />
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
