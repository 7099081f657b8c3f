// Events for the merchant's systems (issue #33): the endpoints an admin subscribes, the outbox of
// events (written by database triggers in the same transaction as the change that causes them,
// see migration 0013 and docs/decisions/events.md), one delivery per event and endpoint with every
// attempt, and the bulk replays an admin starts.
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { eventDeliveryStatuses, eventReplayKinds, eventReplayStates } from "../../vocabulary/event-types";

export const eventEndpoints = pgTable("event_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  // Event type names (lib/vocabulary/event-types.ts); an event is delivered to endpoints listing it.
  eventTypes: text("event_types").array().notNull().default(sql`'{}'::text[]`),
  enabled: boolean("enabled").notNull().default(true),
  // Why it was switched off (an admin, or failing for EVENTS_DISABLE_AFTER_HOURS).
  disabledReason: text("disabled_reason"),
  // Standard Webhooks secrets, encrypted (AES-256-GCM, lib/events/secret-box.ts); shown once at creation or rotation.
  secretCiphertext: text("secret_ciphertext").notNull(),
  // The secret before the last rotation: deliveries carry both signatures until it expires.
  previousSecretCiphertext: text("previous_secret_ciphertext"),
  previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
  // The first attempt that failed since the last success; null while the endpoint answers.
  failingSince: timestamp("failing_since", { withTimezone: true }),
  createdByEmail: text("created_by_email"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
export type EventEndpointRecord = typeof eventEndpoints.$inferSelect;

/** The outbox: one row per event, never changed except `fanned_out` (the worker made its deliveries). */
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Commit-independent order and the handle of replay ranges.
    position: bigint("position", { mode: "number" }).generatedAlwaysAsIdentity().notNull().unique(),
    type: text("type").notNull(),
    version: integer("version").notNull().default(1),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    // The object's state when the event happened (the `data` of the envelope).
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    fannedOut: boolean("fanned_out").notNull().default(false),
    // The store the event belongs to (issue #49), set by event_record (migration 0040), the one place
    // events are written: a charge's or cash-out's `data.storeId`, a payment link's or request's store;
    // null for merchant-wide events (alerts, endpoint tests), which a one-store API key does not read.
    // No foreign key: the outbox is append-only history.
    storeId: uuid("store_id"),
  },
  (table) => [
    index("events_not_fanned_out_idx").on(table.position).where(sql`not ${table.fannedOut}`),
    index("events_occurred_at_idx").on(table.occurredAt),
    index("events_subject_idx").on(table.subjectType, table.subjectId),
    // A one-store API key's feed: its store's events in position order (lib/db/queries/events.ts).
    index("events_store_position_idx").on(table.storeId, table.position).where(sql`${table.storeId} is not null`),
  ],
);
export type EventRecord = typeof events.$inferSelect;

/** One per event and endpoint; a resend or a replay puts the same row back to pending (same webhook-id). */
export const eventDeliveries = pgTable(
  "event_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id),
    // The event's type and time, copied when the delivery is made (an event never changes them): the
    // delivery log reads and filters a page from this table's own index range, with no lookup of each
    // row's event by its random id (issue #53; docs/decisions/events.md).
    eventType: text("event_type").notNull(),
    eventOccurredAt: timestamp("event_occurred_at", { withTimezone: true }).notNull(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => eventEndpoints.id, { onDelete: "cascade" }),
    status: text("status", { enum: eventDeliveryStatuses }).notNull().default("pending"),
    // Attempts in the current round (a resend starts a new round at 0); the attempts table keeps all.
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastResponseStatus: integer("last_response_status"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    replayId: uuid("replay_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("event_deliveries_event_endpoint_idx").on(table.eventId, table.endpointId),
    index("event_deliveries_due_idx").on(table.nextAttemptAt).where(sql`${table.status} in ('pending', 'sending')`),
    // An endpoint's delivery log by the delivery's time, keyset pages both ways (lib/db/queries/events.ts).
    index("event_deliveries_endpoint_created_at_id_idx").on(table.endpointId, table.createdAt, table.id),
    index("event_deliveries_replay_idx").on(table.replayId).where(sql`${table.replayId} is not null`),
  ],
);
export type EventDeliveryRecord = typeof eventDeliveries.$inferSelect;

export const eventDeliveryAttempts = pgTable(
  "event_delivery_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => eventDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    ok: boolean("ok").notNull(),
    responseStatus: integer("response_status"),
    // The first bytes of the answer (bounded, lib/events/deliver.ts), for the delivery log.
    responseExcerpt: text("response_excerpt"),
    error: text("error"),
  },
  (table) => [index("event_delivery_attempts_delivery_idx").on(table.deliveryId, table.attemptedAt)],
);
export type EventDeliveryAttemptRecord = typeof eventDeliveryAttempts.$inferSelect;

/** A bulk replay: its deliveries carry its id, so progress is counted and a cancel finds them. */
export const eventReplays = pgTable("event_replays", {
  id: uuid("id").primaryKey().defaultRandom(),
  endpointId: uuid("endpoint_id")
    .notNull()
    .references(() => eventEndpoints.id, { onDelete: "cascade" }),
  kind: text("kind", { enum: eventReplayKinds }).notNull(),
  rangeFrom: timestamp("range_from", { withTimezone: true }),
  rangeTo: timestamp("range_to", { withTimezone: true }),
  planned: integer("planned").notNull(),
  state: text("state", { enum: eventReplayStates }).notNull().default("running"),
  createdByEmail: text("created_by_email"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
export type EventReplayRecord = typeof eventReplays.$inferSelect;
