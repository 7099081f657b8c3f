// One endpoint's delivery log (each event with its attempts), read for the page's first render and
// for its live query (app/api/events/endpoints/[id]/deliveries), in the one shape both hand to
// the browser (lib/vocabulary/event-delivery-log.ts).
import type { Database } from "@/lib/db/client";
import { listDeliveryAttempts, listEndpointDeliveries } from "@/lib/db/queries/events";
import type { DeliveryLogEntry } from "@/lib/vocabulary/event-delivery-log";
import type { EventDeliveryStatus } from "@/lib/vocabulary/event-types";

export type DeliveryLogQuery = { status?: EventDeliveryStatus; type?: string };

export async function readDeliveryLog(db: Database, endpointId: string, filters: DeliveryLogQuery): Promise<DeliveryLogEntry[]> {
  const deliveries = await listEndpointDeliveries(db, endpointId, { status: filters.status, eventType: filters.type || undefined });
  const attempts = await listDeliveryAttempts(
    db,
    deliveries.map((delivery) => delivery.id),
  );
  return deliveries.map((delivery) => ({
    id: delivery.id,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    occurredAt: delivery.occurredAt.toISOString(),
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
  }));
}
