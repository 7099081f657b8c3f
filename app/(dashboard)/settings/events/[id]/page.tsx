// One event endpoint (admins): its controls (test event, on/off, rotate, delete), bulk replay, and
// the delivery log — each event with its attempts (status, duration, the answer's first bytes),
// its next retry, a resend, and filters by status and type (a plain GET form).
import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import * as z from "@/lib/schemas/zod";
import { EventEndpointControls } from "@/components/events/event-endpoint-controls";
import { EventReplayPanel } from "@/components/events/event-replay-panel";
import { EventDeliveryLog } from "@/components/events/event-delivery-log";
import { EventTypeName } from "@/components/events/event-type-name";
import { Button } from "@/components/ui/button";
import { FilterSelect } from "@/components/ui/filter-select";
import { listLook } from "@/components/ui/list-look";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { findEventEndpoint } from "@/lib/db/queries/events";
import { parseDeliveryLogView, readDeliveryLog } from "@/lib/events/delivery-log";
import { encodeListCursor } from "@/lib/schemas/list-sort";
import { clientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import { getMessages } from "@/lib/i18n/locale";
import { deliveryLogFiltersSchema } from "@/lib/schemas/events";
import { getRuntime } from "@/lib/server/runtime";
import { eventDeliveryStatusLabels, eventTypeLabels } from "@/lib/vocabulary/code-labels";
import { type EventDeliveryColumn, eventDeliveryColumns, eventDeliverySort } from "@/lib/vocabulary/event-delivery-list";
import { eventDeliveryStatuses, eventTypes, testEventType } from "@/lib/vocabulary/event-types";

export const metadata: Metadata = { title: "Event endpoint" };

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function EventEndpointPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  await requirePageOperator("manageOperators", { wholeMerchant: true });
  const { locale, t } = await getMessages();
  const id = z.uuid().safeParse((await params).id);
  if (!id.success) notFound();
  const { db, config } = await getRuntime();
  const endpoint = await findEventEndpoint(db, id.data);
  if (!endpoint) notFound();
  const query = await searchParams;
  const filters = deliveryLogFiltersSchema.parse(query);
  // The log's order and page (?sort=, ?cursor=): an unknown order is the default, a cursor made for another order the first page.
  const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);
  const view = parseDeliveryLogView(one(query.sort), one(query.cursor));
  const deliveries = await readDeliveryLog(db, endpoint.id, { ...filters, ...view });
  const messages = clientMessages(t, "eventsUi");
  // The log's columns shown and density (?cols=, ?density=), chosen with the Columns control.
  const names: Record<EventDeliveryColumn, string> = {
    event: t["events.log.event"],
    occurred: t["events.log.occurred"],
    status: t["events.log.status"],
    attempts: t["events.log.attempts"],
    nextRetry: t["events.log.nextRetry"],
  };
  const look = listLook(eventDeliveryColumns, names, query);
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
          {/* The order: kept when the filters change, and chosen here on phones (cards show no headers). */}
          <FilterSelect
            id="log-sort"
            name="sort"
            label={t["table.order"]}
            anyLabel={t[`events.log.sort.${eventDeliverySort.defaultSort}`]}
            options={eventDeliverySort.sorts
              .filter((value) => value !== eventDeliverySort.defaultSort)
              .map((value) => ({ value, label: t[`events.log.sort.${value}`] }))}
            defaultValue={view.sortParam}
          />
          {Object.entries(look.kept).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" variant="secondary">
            {t["events.log.filter"]}
          </Button>
        </form>
        {look.menu({
          path: `/settings/events/${endpoint.id}`,
          query: { status: filters.status, type: filters.type, sort: view.sortParam },
          hint: { first: t["events.log.queued"], last: t["events.log.actions"] },
          t,
          testId: "event-delivery-columns",
        })}
        <EventDeliveryLog
          endpointId={endpoint.id}
          filters={filters}
          view={{ sort: view.sort, ...(view.cursor ? { cursor: encodeListCursor(view.cursor) } : {}) }}
          look={look.forClient()}
          initial={deliveries}
          locale={locale}
          t={messages}
        />
      </section>
    </>
  );
}
