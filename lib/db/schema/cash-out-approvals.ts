// Cash-out controls: the merchant's approval policy (one row), cash-out requests waiting for a
// second operator (a single cash-out or a whole CSV batch), and the cash-outs each request holds.
import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { cashOutRequestKinds, cashOutRequestStates } from "../../vocabulary/cash-out-request-states";
import { FIRST_STORE_ID, stores } from "./stores";
import { transactions } from "./transactions";

/**
 * The one policy row (id "merchant"). A null threshold means the deployment's default (every
 * cash-out on a real wallet, R$ 1.000,00 and up in the sandbox); a null limit means no limit.
 * Sends lock this row (SELECT … FOR UPDATE) while they check the limits and claim, so two
 * approvals on any number of app instances cannot exceed a limit together.
 */
export const approvalPolicy = pgTable(
  "approval_policy",
  {
    id: text("id").primaryKey().default("merchant"),
    approvalThresholdCents: bigint("approval_threshold_cents", { mode: "number" }),
    operatorDailyLimitCents: bigint("operator_daily_limit_cents", { mode: "number" }),
    merchantDailyLimitCents: bigint("merchant_daily_limit_cents", { mode: "number" }),
    requestLifetimeMinutes: integer("request_lifetime_minutes").notNull().default(1440),
    updatedByUserId: text("updated_by_user_id"),
    updatedByEmail: text("updated_by_email"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("approval_policy_single_row", sql`${table.id} = 'merchant'`)],
);
export type ApprovalPolicyRecord = typeof approvalPolicy.$inferSelect;

export const cashOutRequests = pgTable(
  "cash_out_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: cashOutRequestKinds }).notNull(),
    state: text("state", { enum: cashOutRequestStates }).notNull().default("awaiting_approval"),
    // The form's (or the upload's) key: submitting it again finds this request.
    idempotencyKey: text("idempotency_key").notNull().unique(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    itemCount: integer("item_count").notNull(),
    fileName: text("file_name"),
    requestedByUserId: text("requested_by_user_id").notNull(),
    requestedByEmail: text("requested_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    decidedByUserId: text("decided_by_user_id"),
    decidedByEmail: text("decided_by_email"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionReason: text("decision_reason"),
    // The store whose wallet sends the request's cash-outs (issue #49, migration 0034); requests from
    // before stores existed are the first store's (a constant default: no rewrite).
    storeId: uuid("store_id")
      .notNull()
      .default(FIRST_STORE_ID)
      .references(() => stores.id),
  },
  (table) => [
    // The Approvals queue's orders (a state, then the sort's column and the id: keyset pages both
    // ways, lib/db/queries/cash-out-requests.ts); the decided list reads the time index backwards.
    index("cash_out_requests_state_created_at_id_idx").on(table.state, table.createdAt, table.id),
    index("cash_out_requests_state_total_cents_id_idx").on(table.state, table.totalCents, table.id),
    index("cash_out_requests_created_at_idx").on(table.createdAt.desc()),
  ],
);
export type CashOutRequestRecord = typeof cashOutRequests.$inferSelect;

export const cashOutRequestItems = pgTable(
  "cash_out_request_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => cashOutRequests.id),
    // The CSV line the row came from (1 for a single cash-out).
    line: integer("line").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    pixKeyType: text("pix_key_type", { enum: ["EMAIL", "PHONE", "DOCUMENT", "RANDOM"] }).notNull(),
    pixKey: text("pix_key").notNull(),
    externalReference: text("external_reference"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    // Becomes the ledger row's idempotency key: a row is claimed by inserting that ledger row, so
    // it is sent at most once whatever restarts or instances come between.
    idempotencyKey: text("idempotency_key").notNull().unique(),
    // Set in the transaction that claims the send; null means not sent yet.
    transactionId: uuid("transaction_id").references(() => transactions.id),
  },
  (table) => [
    index("cash_out_request_items_request_line_idx").on(table.requestId, table.line),
    // The batch sender's queue: rows not claimed yet.
    index("cash_out_request_items_unclaimed_idx").on(table.requestId).where(sql`${table.transactionId} is null`),
  ],
);
export type CashOutRequestItemRecord = typeof cashOutRequestItems.$inferSelect;

/**
 * What each operator sent for each store on each São Paulo day: the cash-outs the daily limits count
 * as sent (created or still being created, not refused by the wallet, not failed or canceled), summed
 * by triggers on `transactions` (migration 0051) in the transaction of each change, so the limits'
 * check under the policy lock, the approvals queue and the alert job read a day's few rows instead of
 * every cash-out of the day (issue #52, stop 60). A null operator is a cash-out nobody signed in made
 * (an API key's has its user). The slot spreads concurrent writers, as on the Overview's rollups;
 * readers sum the slots. Counts start the day before the migration (only a day is ever read).
 */
export const cashOutDayTotals = pgTable(
  "cash_out_day_totals",
  {
    day: date("day", { mode: "string" }).notNull(),
    storeId: uuid("store_id").notNull(),
    operatorId: text("operator_id"),
    // The e-mail the cash-out recorded for its operator (the alert job names the operator by it).
    operatorEmail: text("operator_email"),
    slot: smallint("slot").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
  },
  (table) => [
    unique("cash_out_day_totals_key").on(table.day, table.storeId, table.operatorId, table.operatorEmail, table.slot).nullsNotDistinct(),
  ],
);
