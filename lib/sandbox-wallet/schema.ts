// The sandbox wallet's tables, in their own PostgreSQL schema `sandbox_wallet` (migrations in
// ./migrations, generated with `npm run db:generate:sandbox`): transactions, the callback delivery
// queue and one callback log per delivery attempt. JSON columns are `json`, not `jsonb`, so echoes
// (metadata, payer, snapshots, receivers' replies) keep the key order they were written with.
import { bigint, index, integer, json, pgSchema, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const sandboxWalletSchema = pgSchema("sandbox_wallet");

export const transactionOperations = ["CASH_IN", "CASH_OUT"] as const;
export type TransactionOperation = (typeof transactionOperations)[number];

export const transactionStatuses = ["PENDING", "CANCELED", "SUCCEED", "FAILED"] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

export const pixDestinyTypes = ["EMAIL", "PHONE", "DOCUMENT", "RANDOM"] as const;
export type PixDestinyType = (typeof pixDestinyTypes)[number];

export type MetadataValue = string | number | boolean;
export type Metadata = Record<string, MetadataValue>;
export type Payer = { name: string; email: string; document: string; phone: string | null };

export const transactions = sandboxWalletSchema.table(
  "transactions",
  {
    id: uuid("id").primaryKey(),
    /** The sandbox account that made it (lib/sandbox-wallet/accounts.ts): "main" for the primary token. */
    account: text("account").notNull().default("main"),
    operation: text("operation", { enum: transactionOperations }).notNull(),
    status: text("status", { enum: transactionStatuses }).notNull(),
    value: bigint("value", { mode: "number" }).notNull(),
    tax: bigint("tax", { mode: "number" }).notNull(),
    callbackUrl: text("callback_url").notNull(),
    /** Produced by the service; changes with the status ("Cash-in paid", ...). */
    description: text("description").notNull(),
    invoiceDescription: text("invoice_description"),
    metadata: json("metadata").$type<Metadata>().notNull(),
    externalReference: text("external_reference"),
    payer: json("payer").$type<Payer>(),
    codeCopyPaste: text("code_copy_paste"),
    qrcodeImage: text("qrcode_image"),
    pixDestinyType: text("pix_destiny_type", { enum: pixDestinyTypes }),
    pixDestinyKey: text("pix_destiny_key"),
    /** Cash-in: when a still-pending cash-in becomes CANCELED. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Cash-out: when a still-pending cash-out settles into `plannedOutcome`. */
    settlesAt: timestamp("settles_at", { withTimezone: true }),
    plannedOutcome: text("planned_outcome", { enum: ["SUCCEED", "FAILED"] }),
    /** Cash-out: why it fails when `plannedOutcome` is FAILED (a documented test value). */
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("transactions_pending_expiry_idx").on(table.status, table.expiresAt),
    index("transactions_pending_settlement_idx").on(table.status, table.settlesAt),
    index("transactions_account_status_idx").on(table.account, table.status),
  ],
);
export type TransactionRow = typeof transactions.$inferSelect;

export const deliveryReasons = ["STATUS_CHANGE", "RESEND"] as const;
export const deliveryStates = ["PENDING", "DELIVERED", "GAVE_UP"] as const;
export type DeliveryState = (typeof deliveryStates)[number];

/** One callback to deliver (a status change or a resend), retried until delivered or given up. */
export const callbackDeliveries = sandboxWalletSchema.table(
  "callback_deliveries",
  {
    id: uuid("id").primaryKey(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id),
    reason: text("reason", { enum: deliveryReasons }).notNull(),
    url: text("url").notNull(),
    /** The transaction snapshot taken when the delivery was queued; every attempt sends it. */
    payload: json("payload").$type<Record<string, unknown>>().notNull(),
    state: text("state", { enum: deliveryStates }).notNull(),
    attemptsMade: integer("attempts_made").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    /** The worker that holds the delivery while it runs an attempt, and until when (a lease). */
    claimedBy: text("claimed_by"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("callback_deliveries_due_idx").on(table.state, table.nextAttemptAt),
    index("callback_deliveries_transaction_idx").on(table.transactionId),
  ],
);
export type CallbackDeliveryRow = typeof callbackDeliveries.$inferSelect;

export const callbackLogStatuses = ["PENDING", "SUCCESS", "FAILED"] as const;
export type CallbackLogStatus = (typeof callbackLogStatuses)[number];

/** One row per delivery attempt, written before the request leaves (its id travels in X-Callback-Log-Id). */
export const callbackLogs = sandboxWalletSchema.table(
  "callback_logs",
  {
    id: uuid("id").primaryKey(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => callbackDeliveries.id),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id),
    attempt: integer("attempt").notNull(),
    url: text("url").notNull(),
    status: text("status", { enum: callbackLogStatuses }).notNull(),
    /** The receiver's HTTP status; 0 while waiting and when no HTTP answer came (timeout, refused). */
    responseStatus: integer("response_status").notNull(),
    request: json("request").$type<Record<string, unknown>>().notNull(),
    response: json("response").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [index("callback_logs_delivery_idx").on(table.deliveryId), index("callback_logs_transaction_idx").on(table.transactionId)],
);
export type CallbackLogRow = typeof callbackLogs.$inferSelect;

/**
 * QA controls that must hold whichever app instance serves the next request (several instances
 * share this wallet): one row, id 1. Kept in the database, not in process memory.
 */
export const controlSettings = sandboxWalletSchema.table("control_settings", {
  id: integer("id").primaryKey(),
  /** How many of the next creation answers are still to be held (POST /control/slow-answers). */
  slowAnswersRemaining: integer("slow_answers_remaining").notNull(),
  slowAnswersDelayMs: integer("slow_answers_delay_ms").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
