// One endpoint's delivery log as the page and its live query show it (lib/events/delivery-log.ts
// reads it; components/events/event-delivery-log.tsx draws it): JSON-safe, times as ISO strings.
import type { EventDeliveryStatus } from "@/lib/vocabulary/event-types";

export type DeliveryLogAttempt = {
  id: string;
  attemptedAt: string;
  responseStatus: number | null;
  durationMs: number;
  /** The answer's first bytes, or the error when there was no answer. */
  excerpt: string | null;
};

export type DeliveryLogEntry = {
  id: string;
  eventId: string;
  eventType: string;
  occurredAt: string;
  /** When the delivery was queued for this endpoint: the log's order. */
  queuedAt: string;
  status: EventDeliveryStatus;
  nextAttemptAt: string | null;
  attempts: DeliveryLogAttempt[];
};

/** One page of the log in its order, with the cursors (encoded, for links) of the pages beside it. */
export type DeliveryLogPage = { deliveries: DeliveryLogEntry[]; newer?: string; older?: string };
