// Alerts: the rules an admin tunes, the channels alerts go to, each incident (once per rule and
// incident key), the in-app notifications with who read them, and every outbound delivery attempt.
// Also the lease of the scheduled job that runs the checks, so one instance runs it at a time.
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { alertChannelKinds, alertDeliveryStatuses, alertRuleKeys } from "../../vocabulary/alert-kinds";
import { stores } from "./stores";

/** One row per rule an admin changed; rules without a row use the defaults in lib/alerts/rules.ts. */
export const alertRules = pgTable("alert_rules", {
  rule: text("rule", { enum: alertRuleKeys }).primaryKey(),
  enabled: boolean("enabled").notNull().default(true),
  // Minutes for the time-based rules, a percentage for the daily limit; unused by the others.
  threshold: integer("threshold"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedByEmail: text("updated_by_email"),
});
export type AlertRuleRecord = typeof alertRules.$inferSelect;

/** Where alerts are sent: e-mail recipients (comma separated) and one webhook URL with its signing secret. */
export const alertChannels = pgTable("alert_channels", {
  kind: text("kind", { enum: alertChannelKinds }).primaryKey(),
  enabled: boolean("enabled").notNull().default(false),
  target: text("target").notNull().default(""),
  // Standard Webhooks secret ("whsec_" + base64); never shown again after it is created.
  signingSecret: text("signing_secret"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedByEmail: text("updated_by_email"),
});
export type AlertChannelRecord = typeof alertChannels.$inferSelect;

/** One row per incident: the unique (rule, incident key) is what makes an alert fire exactly once. */
export const alertIncidents = pgTable(
  "alert_incidents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    rule: text("rule", { enum: alertRuleKeys }).notNull(),
    incidentKey: text("incident_key").notNull(),
    // Values the message is filled with (ids, minutes, amounts), never secrets.
    details: jsonb("details").$type<Record<string, string | number | null>>().notNull().default({}),
    // Where in the dashboard the incident is explained.
    href: text("href").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    // The store the incident is about (issue #49, migration 0039): a transaction's, or a callback's
    // transaction's; null for the merchant as a whole (silence, limits, event endpoints).
    storeId: uuid("store_id").references(() => stores.id),
  },
  (table) => [
    uniqueIndex("alert_incidents_rule_key_idx").on(table.rule, table.incidentKey),
    index("alert_incidents_opened_at_idx").on(table.openedAt.desc()),
  ],
);
export type AlertIncident = typeof alertIncidents.$inferSelect;

/**
 * The in-app notification of an incident: a store's is shown to the operators granted that store,
 * the merchant's (no store) to those granted every store (lib/db/queries/notifications.ts). The
 * incident's store is copied here so the header's count reads one table.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    incidentId: uuid("incident_id")
      .notNull()
      .unique()
      .references(() => alertIncidents.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    storeId: uuid("store_id").references(() => stores.id),
  },
  (table) => [
    index("notifications_created_at_idx").on(table.createdAt.desc()),
    // A store's newest, for an operator of some stores (lib/db/queries/notifications.ts, newestVisible;
    // migration 0047): the merchant's own (no store) are in the index above only.
    index("notifications_store_created_at_idx")
      .on(table.storeId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.storeId} is not null`),
  ],
);

/** Who read which notification (the unread count is per operator). */
export const notificationReads = pgTable(
  "notification_reads",
  {
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => notifications.id),
    userId: text("user_id").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.notificationId] })],
);

/** One outbound message per incident and channel; claimed with a lease so one instance sends it. */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    incidentId: uuid("incident_id")
      .notNull()
      .references(() => alertIncidents.id),
    channel: text("channel", { enum: alertChannelKinds }).notNull(),
    // The recipients or URL when the incident opened (a later settings change does not redirect it).
    target: text("target").notNull(),
    status: text("status", { enum: alertDeliveryStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("alert_deliveries_incident_channel_idx").on(table.incidentId, table.channel),
    // The sender's claim: only unfinished deliveries, in due order.
    index("alert_deliveries_due_idx").on(table.nextAttemptAt).where(sql`${table.status} in ('pending', 'sending')`),
    index("alert_deliveries_created_at_idx").on(table.createdAt.desc()),
  ],
);
export type AlertDelivery = typeof alertDeliveries.$inferSelect;

/** Every attempt to send a delivery, successful or not (shown on the alert settings page). */
export const alertDeliveryAttempts = pgTable(
  "alert_delivery_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => alertDeliveries.id),
    attempt: integer("attempt").notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
    ok: boolean("ok").notNull(),
    responseStatus: integer("response_status"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
  },
  (table) => [
    index("alert_delivery_attempts_delivery_idx").on(table.deliveryId, table.attempt),
    index("alert_delivery_attempts_attempted_at_idx").on(table.attemptedAt.desc()),
  ],
);
export type AlertDeliveryAttempt = typeof alertDeliveryAttempts.$inferSelect;

/** Leases of scheduled jobs: a job runs where it holds an unexpired lease, so at most one instance at a time. */
export const scheduledJobLeases = pgTable("scheduled_job_leases", {
  name: text("name").primaryKey(),
  holder: text("holder"),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
  lastError: text("last_error"),
});
