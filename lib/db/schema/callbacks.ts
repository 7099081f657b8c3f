// What the wallet posted to the callback receiver: every accepted delivery (the inbox), and the
// bodies that were not a transaction (the quarantine, bounded, kept for inspection only).
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { transactions } from "./transactions";

/**
 * How a delivery was applied to the local transaction:
 * - applied: it moved the transaction to this status;
 * - duplicate: the transaction already had this status (recorded, nothing changed);
 * - out_of_order: an older status arrived after a newer one, or a final state was already reached;
 * - unmatched: no local transaction has this wallet id (kept, not dropped).
 */
export const deliveryOutcomes = ["applied", "duplicate", "out_of_order", "unmatched"] as const;
export type DeliveryOutcome = (typeof deliveryOutcomes)[number];

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
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [
    index("callback_deliveries_transaction_idx").on(table.transactionId, table.receivedAt),
    index("callback_deliveries_received_at_idx").on(table.receivedAt.desc()),
    index("callback_deliveries_wallet_transaction_idx").on(table.walletTransactionId),
  ],
);
export type CallbackDelivery = typeof callbackDeliveries.$inferSelect;

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
