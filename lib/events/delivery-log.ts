// One endpoint's delivery log (a page of its deliveries, each with its attempts), read for the
// page's first render and for its live query (app/api/events/endpoints/[id]/deliveries), in the one
// shape both hand to the browser (lib/vocabulary/event-delivery-log.ts). Its order (by when each
// delivery was queued, either way) and page come from the URL: `?sort=` and `?cursor=`.
import type { Database } from "@/lib/db/client";
import { listDeliveryAttempts, listEndpointDeliveries } from "@/lib/db/queries/events";
import { encodeListCursor, parseListView } from "@/lib/schemas/list-sort";
import type { DeliveryLogPage } from "@/lib/vocabulary/event-delivery-log";
import { type EventDeliverySort, eventDeliverySort } from "@/lib/vocabulary/event-delivery-list";
import type { EventDeliveryStatus } from "@/lib/vocabulary/event-types";
import type { ListCursor } from "@/lib/vocabulary/list-sort";

export type DeliveryLogQuery = { status?: EventDeliveryStatus; type?: string; sort?: EventDeliverySort; cursor?: ListCursor };

/** The log's order and page from the URL's `?sort=` and `?cursor=` (lib/schemas/list-sort.ts). */
export function parseDeliveryLogView(sortText: string | undefined, cursorText: string | undefined) {
  return parseListView(eventDeliverySort, sortText, cursorText);
}

export async function readDeliveryLog(db: Database, endpointId: string, query: DeliveryLogQuery): Promise<DeliveryLogPage> {
  const page = await listEndpointDeliveries(
    db,
    endpointId,
    { status: query.status, eventType: query.type || undefined },
    query.sort,
    query.cursor,
  );
  const attempts = await listDeliveryAttempts(
    db,
    page.rows.map((delivery) => delivery.id),
  );
  return {
    deliveries: page.rows.map((delivery) => ({
      id: delivery.id,
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      occurredAt: delivery.occurredAt.toISOString(),
      queuedAt: delivery.queuedAt.toISOString(),
      status: delivery.status,
      nextAttemptAt: delivery.nextAttemptAt ? delivery.nextAttemptAt.toISOString() : null,
      attempts: attempts
        .filter((attempt) => attempt.deliveryId === delivery.id)
        .map((attempt) => ({
          id: attempt.id,
          attemptedAt: attempt.attemptedAt.toISOString(),
          responseStatus: attempt.responseStatus,
          durationMs: attempt.durationMs,
          excerpt: attempt.responseExcerpt ?? attempt.error ?? null,
        })),
    })),
    ...(page.newer ? { newer: encodeListCursor(page.newer) } : {}),
    ...(page.older ? { older: encodeListCursor(page.older) } : {}),
  };
}
