// What the wallet posted to the callback receiver: every accepted delivery (the inbox), and the
// bodies that were not a transaction (the quarantine, bounded, kept for inspection only).
import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, smallint, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { deliveryOutcomes } from "../../vocabulary/delivery-outcomes";
import { transactions } from "./transactions";

export const callbackDeliveries = pgTable(
  "callback_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    walletTransactionId: text("wallet_transaction_id").notNull(),
    transactionId: uuid("transaction_id").references(() => transactions.id),
    callbackLogId: text("callback_log_id"),
    status: text("status").notNull(),
    operation: text("operation"),
    outcome: text("outcome", { enum: deliveryOutcomes }).notNull(),
    // Which field disagreed and what was expected, for a rejected delivery.
    rejectionReason: text("rejection_reason"),
    // The body as received, minus the base64 `qrcodeImage` (the transaction keeps the image once):
    // its SHA-256 and size stay here, so what was sent is still provable.
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    qrcodeImageSha256: text("qrcode_image_sha256"),
    qrcodeImageBytes: integer("qrcode_image_bytes"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    // Its transaction's store (issue #49, migration 0043), so one store's deliveries are read on their
    // own index (the inbox, reconciliation, the Overview's delivery health); null for an unmatched
    // delivery (the merchant's). The receiver inserts the store of the row it read; a trigger fills it
    // for any insert that leaves it out (migration 0044) and keeps it when a transaction changes
    // store. No foreign key: the transaction's own keeps the store.
    storeId: uuid("store_id"),
  },
  (table) => [
    // The problems lists (reconciliation, the inbox's problem filters, the Overview's counts): few
    // rows, read in the lists' own order (received_at, id) for one outcome and for both, all stores
    // or one, so that a list reads only its problems, never a busy hour of applied deliveries on the
    // received_at index (issue #52, stop 60; migration 0050). Only problem rows are written to them.
    index("callback_deliveries_problem_outcome_idx")
      .on(table.outcome, table.receivedAt, table.id)
      .where(sql`${table.outcome} in ('unmatched', 'rejected')`),
    index("callback_deliveries_problem_received_at_id_idx")
      .on(table.receivedAt, table.id)
      .where(sql`${table.outcome} in ('unmatched', 'rejected')`),
    index("callback_deliveries_store_problems_idx")
      .on(table.storeId, table.receivedAt, table.id)
      .where(sql`${table.outcome} in ('unmatched', 'rejected') and ${table.storeId} is not null`),
    // The same for one store's (an operator of some stores; migration 0048): by the store's index
    // they read every delivery of the store to find its few problems.
    index("callback_deliveries_store_problem_idx")
      .on(table.storeId, table.outcome, table.receivedAt, table.id)
      .where(sql`${table.outcome} in ('unmatched', 'rejected') and ${table.storeId} is not null`),
    index("callback_deliveries_transaction_idx").on(table.transactionId, table.receivedAt),
    // The deliveries list, keyset-paginated on (received_at, id) either way (lib/db/queries/list-keyset.ts).
    index("callback_deliveries_received_at_id_idx").on(table.receivedAt, table.id),
    // One store's deliveries, newest first (its delivery health, its inbox).
    index("callback_deliveries_store_received_at_idx").on(table.storeId, table.receivedAt).where(sql`${table.storeId} is not null`),
    index("callback_deliveries_wallet_transaction_idx").on(table.walletTransactionId),
    // A callback log page finds the store whose wallet holds the log (issue #49): only deliveries that named their log.
    index("callback_deliveries_callback_log_idx").on(table.callbackLogId).where(sql`${table.callbackLogId} is not null`),
  ],
);
export type CallbackDelivery = typeof callbackDeliveries.$inferSelect;

/**
 * How many deliveries were received per minute and per hour (UTC), per store: the Overview's "last
 * hour" and "last 24 hours" read these instead of counting a busy day's deliveries on every view and
 * poll (issue #52, stop 60; lib/db/queries/overview-health.ts). Written only by the triggers on
 * `callback_deliveries` (migration 0049), in the transaction of the insert or store change that moves
 * them; the application never writes it. A null store is the merchant's (an unmatched delivery), as
 * on the deliveries. The slot (the writing session's backend pid modulo 4) spreads concurrent
 * receivers over several rows, as on the Overview's rollups; readers sum the slots. Minutes older
 * than two days are deleted by the same triggers (only a day and a minute are ever read); hours
 * stay, like the Overview's. Counts start 25 hours before the migration (its backfill).
 */
export const callbackDeliveryRollups = pgTable(
  "callback_delivery_rollups",
  {
    grain: text("grain", { enum: ["minute", "hour"] }).notNull(),
    bucketStart: timestamp("bucket_start", { withTimezone: true }).notNull(),
    storeId: uuid("store_id"),
    slot: smallint("slot").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (table) => [
    // All stores: a range of bucket starts; one store: its own rows on the second index.
    unique("callback_delivery_rollups_key").on(table.grain, table.bucketStart, table.storeId, table.slot).nullsNotDistinct(),
    index("callback_delivery_rollups_store_idx").on(table.storeId, table.grain, table.bucketStart),
  ],
);

export const callbackQuarantine = pgTable(
  "callback_quarantine",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    reason: text("reason").notNull(),
    contentType: text("content_type"),
    rawBody: text("raw_body").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [index("callback_quarantine_received_at_idx").on(table.receivedAt.desc())],
);
