// The Overview's maintained rollups: per São Paulo day and per hour, the counts and sums the charts
// and today's figures read, so the page costs O(days), not O(rows). Written only by the triggers on
// `transactions` (lib/db/migrations/0012_overview_rollups.sql), in the transaction of the change
// that moves them; the application never writes these tables.
import { bigint, index, numeric, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * One row per grain ("day": the São Paulo day's first instant; "hour": the hour's first instant),
 * store (the summed rows' `transactions.store_id`, migration 0042), kind, outcome (the wallet's status, or UNKNOWN when the creation's outcome is unknown) and slot.
 * The slot (the writing session's backend pid modulo 4) spreads concurrent writers over several rows
 * so that callbacks landing on the same day do not queue behind one row lock; readers sum the slots.
 */
export const overviewRollups = pgTable(
  "overview_rollups",
  {
    grain: text("grain", { enum: ["day", "hour"] }).notNull(),
    bucketStart: timestamp("bucket_start", { withTimezone: true }).notNull(),
    // No foreign key: the ledger's own (restrict) keeps a store with rows, and a key check on every
    // trigger's upsert would cost each write a lookup. All stores read every row; some stores theirs.
    storeId: uuid("store_id").notNull(),
    kind: text("kind").notNull(),
    outcome: text("outcome").notNull(),
    slot: smallint("slot").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    // Rows whose tax the wallet reported: how many, their amount, and the tax summed exactly.
    taxedCount: bigint("taxed_count", { mode: "number" }).notNull(),
    taxedAmountCents: bigint("taxed_amount_cents", { mode: "number" }).notNull(),
    tax: numeric("tax", { precision: 30, scale: 6 }).notNull(),
  },
  (table) => [
    // All stores: a range of bucket starts (every store's rows); one store: its own rows on the second index.
    primaryKey({ columns: [table.grain, table.bucketStart, table.storeId, table.kind, table.outcome, table.slot] }),
    index("overview_rollups_store_idx").on(table.storeId, table.grain, table.bucketStart),
  ],
);

/** Paid charges' time to pay as a histogram: how many fell in each fixed bucket (lib/vocabulary/time-to-pay-buckets.ts). */
export const overviewPayTimeRollups = pgTable(
  "overview_pay_time_rollups",
  {
    grain: text("grain", { enum: ["day", "hour"] }).notNull(),
    bucketStart: timestamp("bucket_start", { withTimezone: true }).notNull(),
    storeId: uuid("store_id").notNull(),
    paceBucket: smallint("pace_bucket").notNull(),
    slot: smallint("slot").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.grain, table.bucketStart, table.storeId, table.paceBucket, table.slot] }),
    index("overview_pay_time_rollups_store_idx").on(table.storeId, table.grain, table.bucketStart),
  ],
);
