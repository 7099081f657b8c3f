// The events the dashboard sends to the merchant's systems (issue #33), and the states of their
// deliveries, as plain lists shared by the database schema, the server and the browser.

export const eventTypes = [
  "charge.created",
  "charge.paid",
  "charge.expired",
  "charge.canceled",
  "charge.failed",
  "cash_out.requested",
  "cash_out.approved",
  "cash_out.rejected",
  "cash_out.sent",
  "cash_out.paid",
  "cash_out.failed",
  "bulk_batch.completed",
  "alert.fired",
  "payment_link.created",
  "payment_link.updated",
  "payment_link.deactivated",
] as const;
export type EventType = (typeof eventTypes)[number];
/** Sent only by "send test event", to one endpoint; never subscribed to. */
export const testEventType = "endpoint.test" as const;

/**
 * - pending: waiting for its next attempt (next_attempt_at);
 * - sending: claimed by one instance until lease_until;
 * - delivered: the endpoint answered 2xx;
 * - failed: every attempt of the schedule failed (a resend or replay puts it back to pending);
 * - canceled: a replay that was canceled before this one was sent.
 */
export const eventDeliveryStatuses = ["pending", "sending", "delivered", "failed", "canceled"] as const;
export type EventDeliveryStatus = (typeof eventDeliveryStatuses)[number];

export const eventReplayKinds = ["range", "failures"] as const;
export const eventReplayStates = ["running", "finished", "canceled"] as const;
