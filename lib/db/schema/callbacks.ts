// What the wallet posted to the callback receiver: every accepted delivery (the inbox), and the
// bodies that were not a transaction (the quarantine, bounded, kept for inspection only).
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { transactions } from "./transactions";

/**
 * How a delivery was applied to the local transaction:
 * - applied: it moved the transaction to this status;
 * - duplicate: the transaction already had this status (recorded, nothing changed);
 * - out_of_order: an older status arrived after a newer one, or a final state was already reached;
 * - unmatched: no local transaction has this wallet id (kept, not dropped);
 * - settled: it settled a transaction whose creation answer had not arrived (creating or
 *   outcome_unknown): the wallet id and status came from this callback, the row is now created;
 * - rejected: its body disagrees with the transaction its URL is bound to (see rejectionReason):
 *   kept, never applied, shown to operators as a problem.
 */
export const deliveryOutcomes = ["applied", "duplicate", "out_of_order", "unmatched", "settled", "rejected"] as const;
/** Outcomes an operator has to look at (reconciliation page, inbox filter, Overview count). */
export const problemDeliveryOutcomes = ["unmatched", "rejected"] as const satisfies readonly DeliveryOutcome[];
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
    // Which field disagreed and what was expected, for a rejected delivery.
    rejectionReason: text("rejection_reason"),
    // The body as received, minus the base64 `qrcodeImage` (the transaction keeps the image once):
    // its SHA-256 and size stay here, so what was sent is still provable.
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    qrcodeImageSha256: text("qrcode_image_sha256"),
    qrcodeImageBytes: integer("qrcode_image_bytes"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [
    // The problems lists (reconciliation, inbox filter, Overview count): few rows, newest first.
    index("callback_deliveries_problem_received_at_idx").on(table.outcome, table.receivedAt.desc()).where(sql`${table.outcome} in ('unmatched', 'rejected')`),
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
