// The Overview's maintained rollups: per São Paulo day and per hour, the counts and sums the charts
// and today's figures read, so the page costs O(days), not O(rows). Written only by the triggers on
// `transactions` (lib/db/migrations/0012_overview_rollups.sql), in the transaction of the change
// that moves them; the application never writes these tables.
import { bigint, numeric, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per grain ("day": the São Paulo day's first instant; "hour": the hour's first instant),
 * kind, outcome (the wallet's status, or UNKNOWN when the creation's outcome is unknown) and slot.
 * The slot (the writing session's backend pid modulo 4) spreads concurrent writers over several rows
 * so that callbacks landing on the same day do not queue behind one row lock; readers sum the slots.
 */
export const overviewRollups = pgTable(
  "overview_rollups",
  {
    grain: text("grain", { enum: ["day", "hour"] }).notNull(),
    bucketStart: timestamp("bucket_start", { withTimezone: true }).notNull(),
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
  (table) => [primaryKey({ columns: [table.grain, table.bucketStart, table.kind, table.outcome, table.slot] })],
);

/** Paid charges' time to pay as a histogram: how many fell in each fixed bucket (lib/vocabulary/time-to-pay-buckets.ts). */
export const overviewPayTimeRollups = pgTable(
  "overview_pay_time_rollups",
  {
    grain: text("grain", { enum: ["day", "hour"] }).notNull(),
    bucketStart: timestamp("bucket_start", { withTimezone: true }).notNull(),
    paceBucket: smallint("pace_bucket").notNull(),
    slot: smallint("slot").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.grain, table.bucketStart, table.paceBucket, table.slot] })],
);
