// Closing the books: closed São Paulo days with their frozen figures and, per transaction, the state
// each closing (or later adjustment) recorded; the daily summary's settings and its once-a-day claim.
// The statements themselves are computed from the ledger rows (transactions), never from here,
// except a closed day's, which is read back frozen.
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { StatementTotals } from "../../vocabulary/statement";
import { transactions } from "./transactions";

export const closedDays = pgTable("closed_days", {
  /** The São Paulo calendar day, "2026-11-25". One row per day: closing twice conflicts. */
  day: date("day", { mode: "string" }).primaryKey(),
  closedAt: timestamp("closed_at", { withTimezone: true }).notNull().defaultNow(),
  closedByUserId: text("closed_by_user_id"),
  closedByEmail: text("closed_by_email"),
  /** The statement's totals as they were when the day was closed (its own figures and the adjustments it took in). */
  totals: jsonb("totals").$type<StatementTotals>().notNull(),
  /**
   * The net of every statement before this day and through it (adjustments included), without the
   * configured opening balance (book_settings), frozen at closing so that a closed day's closing
   * balance is the next day's opening, always. Null on days closed before migration 0019 until a
   * balance first needs them (lib/db/queries/balances.ts fills them in).
   */
  netBeforeCents: bigint("net_before_cents", { mode: "number" }),
  netThroughCents: bigint("net_through_cents", { mode: "number" }),
});

export const closedDayEntries = pgTable(
  "closed_day_entries",
  {
    /** The closed day whose statement holds this entry. */
    day: date("day", { mode: "string" }).notNull(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    /** The transaction's own day (its creation, São Paulo): equal to `day` except for adjustments. */
    originalDay: date("original_day", { mode: "string" }).notNull(),
    /** An entry recording a change to an earlier closed day's transaction. */
    adjustment: boolean("adjustment").notNull().default(false),
    /** SETTLED, PENDING, UNKNOWN, REJECTED, FAILED or CANCELED, as the statement groups it. */
    state: text("state").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    feeCents: bigint("fee_cents", { mode: "number" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.transactionId, table.adjustment] }),
    index("closed_day_entries_original_day_idx").on(table.originalDay, table.transactionId, table.day),
  ],
);

/** The daily summary e-mail's settings: one row (id 1). */
export const dailySummarySettings = pgTable("daily_summary_settings", {
  id: integer("id").primaryKey().default(1),
  enabled: boolean("enabled").notNull().default(false),
  /** São Paulo time of day, "08:00". */
  sendAt: text("send_at").notNull().default("08:00"),
  /** Operators (user ids) who receive it. */
  recipientUserIds: jsonb("recipient_user_ids").$type<string[]>().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One row per São Paulo day summarised: whichever instance inserts it first sends that day's e-mail. */
export const dailySummarySends = pgTable("daily_summary_sends", {
  day: date("day", { mode: "string" }).primaryKey(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  claimedBy: text("claimed_by").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  error: text("error"),
  recipients: integer("recipients").notNull().default(0),
});

export type ClosedDayEntryRecord = typeof closedDayEntries.$inferSelect;

/**
 * Settled money per São Paulo day of its booking (transactions.booked_at, the settlement), store,
 * kind and writer slot, so that a balance sums days, not rows: the merchant's or some stores'.
 * Written only by the triggers of migrations 0023_books_settlement_balances.sql and
 * 0046_settlement_rollups_per_store.sql, in the transaction of the change; readers sum the slots.
 * The fee is kept under both of WALLET_TAX_UNIT's readings, each rounded per row as taxToCents does.
 */
export const settlementRollups = pgTable(
  "settlement_rollups",
  {
    day: date("day", { mode: "string" }).notNull(),
    // The transaction's store (issue #52, stop 58): a store's balance read the store's whole settled
    // history from the ledger on each statement before.
    storeId: uuid("store_id").notNull(),
    kind: text("kind").notNull(),
    slot: smallint("slot").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** sum(round(tax)): the fee when the wallet's unit is cents. */
    feeCentsIfCents: numeric("fee_cents_if_cents", { precision: 30, scale: 0 }).notNull(),
    /** sum(round(tax × 100)): the fee when the wallet's unit is reais. */
    feeCentsIfReais: numeric("fee_cents_if_reais", { precision: 30, scale: 0 }).notNull(),
    taxedCount: bigint("taxed_count", { mode: "number" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.storeId, table.kind, table.slot] }),
    index("settlement_rollups_store_idx").on(table.storeId, table.day),
  ],
);

/** The books' settings: one row (id 1). The opening balance is set once, by an admin, audited. */
export const bookSettings = pgTable("book_settings", {
  id: integer("id").primaryKey().default(1),
  /** The wallet account's balance before the dashboard's first movement, in cents. */
  openingBalanceCents: bigint("opening_balance_cents", { mode: "number" }),
  openingBalanceSetAt: timestamp("opening_balance_set_at", { withTimezone: true }),
  openingBalanceSetByEmail: text("opening_balance_set_by_email"),
});
