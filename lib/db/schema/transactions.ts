// The dashboard's own ledger: every cash-in and cash-out it asked the wallet for, with who asked
// and what became of it. The wallet has no "list" or "get" endpoint, so this is the operators' book.
import { type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { creationStates, transactionKinds, walletStatuses } from "../../vocabulary/transaction-statuses";
import { paymentLinks } from "./payment-links";
import { FIRST_STORE_ID, stores } from "./stores";

/**
 * The rows the ledger lists: never one still being created. Written as literals (not parameters) so
 * that every statement's condition is the partial indexes' predicate word for word and the planner
 * can use them, prepared statements included. lib/db/queries/ledger.ts uses the same condition.
 */
export function visibleInLedger(table: { creationState: AnyPgColumn }): SQL {
  return sql`${table.creationState} in ('created', 'outcome_unknown')`;
}

export const transactions = pgTable(
  "transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: transactionKinds }).notNull(),
    creationState: text("creation_state", { enum: creationStates }).notNull().default("creating"),
    walletTransactionId: text("wallet_transaction_id").unique(),
    status: text("status", { enum: walletStatuses }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    // The wallet's `tax` (unit not specified by the API), kept exactly as a decimal.
    tax: numeric("tax", { precision: 20, scale: 6 }),
    payerName: text("payer_name"),
    payerEmail: text("payer_email"),
    payerDocument: text("payer_document"),
    payerPhone: text("payer_phone"),
    pixKeyType: text("pix_key_type", { enum: ["EMAIL", "PHONE", "DOCUMENT", "RANDOM"] }),
    pixKey: text("pix_key"),
    invoiceDescription: text("invoice_description"),
    // The wallet's description as it came with the creation answer; `statusDescription` is the one
    // that came with the current status (a callback), e.g. why a cash-out failed.
    walletDescription: text("wallet_description"),
    statusDescription: text("status_description"),
    externalReference: text("external_reference"),
    metadata: jsonb("metadata").$type<Record<string, string | number | boolean>>().notNull().default({}),
    // When an operator overrides the callback URL the dashboard cannot follow the status.
    customCallbackUrl: text("custom_callback_url"),
    // Which receiver URL the wallet was given (lib/callbacks/callback-url.ts). No SQL default on
    // purpose: rows created before per-transaction URLs stay NULL (the global-secret URL, still
    // accepted for them); every insert through Drizzle gets "per_transaction".
    callbackBinding: text("callback_binding", { enum: ["per_transaction"] }).$defaultFn(() => "per_transaction"),
    expireInMinutes: integer("expire_in_minutes"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    codeCopyPaste: text("code_copy_paste"),
    qrcodeImage: text("qrcode_image"),
    payerDisplayToken: text("payer_display_token").unique(),
    // One per form instance: a second submission of the same form finds this row instead of
    // creating another transaction.
    idempotencyKey: text("idempotency_key").notNull().unique(),
    // The wallet's full answer, with the dashboard's secret callback URL removed.
    walletResponse: jsonb("wallet_response").$type<Record<string, unknown>>(),
    failureMessage: text("failure_message"),
    createdByUserId: text("created_by_user_id"),
    createdByEmail: text("created_by_email"),
    walletCreatedAt: timestamp("wallet_created_at", { withTimezone: true }),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // When the money moved, for the books (issue #51): a settled transaction's settlement (the
    // callback or creation answer that settled it, `status_changed_at`), any other its creation.
    // Statements, exports, balances and the daily summary date by it (lib/db/queries/statements.ts).
    bookedAt: timestamp("booked_at", { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`case when status = 'SUCCEED' and status_changed_at is not null then status_changed_at else created_at end`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    isSandbox: boolean("is_sandbox").notNull().default(false),
    // The payment link whose public page created this charge (issue #48); null for every other.
    paymentLinkId: uuid("payment_link_id").references(() => paymentLinks.id),
    // The store it was made for (issue #49), whose wallet created it and is trusted for its callbacks
    // (lib/stores/wallet-for-store.ts). The default is the first store: rows from before stores
    // existed (migration 0027, a constant default, so no table rewrite) and every insert that names none.
    storeId: uuid("store_id")
      .notNull()
      .default(FIRST_STORE_ID)
      .references(() => stores.id),
  },
  (table) => [
    index("transactions_created_at_id_idx").on(table.createdAt.desc(), table.id.desc()),
    // One store's ledger in list order (the per-store filter, issue #49). A separate index: the
    // existing ones keep serving the consolidated ledger exactly as before.
    index("transactions_store_created_at_idx").on(table.storeId, table.createdAt.desc(), table.id.desc()),
    // Statements read a period's lines in booking order (keyset on booked_at, id).
    index("transactions_booked_at_id_idx").on(table.bookedAt, table.id),
    index("transactions_status_created_at_idx").on(table.status, table.createdAt.desc(), table.id.desc()),
    index("transactions_kind_created_at_idx").on(table.kind, table.createdAt.desc(), table.id.desc()),
    // The ledger's search (lib/db/queries/ledger.ts): exact document and wallet id.
    index("transactions_payer_document_idx").on(table.payerDocument),
    // The ledger's filters and searches over the rows it lists (partial: `visibleInLedger`), each
    // index carrying what the list's conditions and order need, so that collecting a broad filter's
    // or search's matches, and counting them up to the cap, reads the index alone (an index-only
    // scan, once vacuum has marked the pages all-visible) instead of one table row per match.
    // Drizzle cannot say INCLUDE: migration 0017 adds `include (...)` to each, as their comments say.
    // A kind and a status together (e.g. failed cash-outs), in list order.
    index("transactions_ledger_kind_status_idx")
      .on(table.kind, table.status, table.createdAt.desc(), table.id.desc())
      .where(visibleInLedger(table)),
    // One store's rows under a status (issue #49, migration 0042): the list's status filter and its
    // capped count for some stores, read from the index alone (the status index above has no store,
    // so one store of 20 read twenty rows' table pages per match, ×7 the merchant's count at 1M rows).
    index("transactions_ledger_store_status_idx")
      .on(table.storeId, table.status, table.createdAt.desc(), table.id.desc())
      .where(visibleInLedger(table)),
    // The amount range; include (kind, status, created_at, id).
    index("transactions_ledger_amount_idx").on(table.amountCents).where(visibleInLedger(table)),
    // A case-insensitive prefix on e-mail, name, reference and key, under a kind (the list names
    // both kinds when none is filtered, so one index serves either way). text_pattern_ops lets
    // `lower(x) LIKE 'abc%'` use it whatever the database's collation. Each includes its column
    // (the planner does not see that lower(x) alone needs no table row), status, created_at and id,
    // and since migration 0042 store_id (a store's search filters its matches in the index).
    index("transactions_ledger_payer_email_idx")
      .on(table.kind, sql`lower(${table.payerEmail}) text_pattern_ops`)
      .where(visibleInLedger(table)),
    index("transactions_ledger_payer_name_idx")
      .on(table.kind, sql`lower(${table.payerName}) text_pattern_ops`)
      .where(visibleInLedger(table)),
    index("transactions_ledger_external_reference_idx")
      .on(table.kind, sql`lower(${table.externalReference}) text_pattern_ops`)
      .where(visibleInLedger(table)),
    index("transactions_ledger_pix_key_idx").on(table.kind, sql`lower(${table.pixKey}) text_pattern_ops`).where(visibleInLedger(table)),
    // The list sorted by amount or by the time a charge was paid (issue #53), keyset on (column, id),
    // read forwards or backwards (lib/db/queries/ledger.ts, findSortedLedgerRows).
    index("transactions_sort_amount_idx").on(table.amountCents.desc(), table.id.desc()).where(visibleInLedger(table)),
    index("transactions_sort_paid_idx")
      .on(table.statusChangedAt.desc(), table.id.desc())
      .where(
        sql`${table.creationState} in ('created', 'outcome_unknown') and ${table.status} = 'SUCCEED' and ${table.statusChangedAt} is not null`,
      ),
    // Creations without an outcome, in list order: the ledger's "outcome unknown" filter and the
    // Reconciliation page's unsettled rows and counts (which also take those still "creating").
    // Few rows at any ledger size; without it those reads scanned the whole table (migration 0045).
    index("transactions_unsettled_created_at_idx")
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.creationState} in ('creating', 'outcome_unknown')`),
    // Delivery health: pending charges past their expiry, a small set among all pending rows.
    // A link's charges: its counts, its pending cap and the ledger's filter by link.
    index("transactions_payment_link_idx")
      .on(table.paymentLinkId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.paymentLinkId} is not null`),
    index("transactions_pending_expires_at_idx").on(table.expiresAt).where(sql`${table.status} = 'PENDING'`),
  ],
);
export type TransactionRecord = typeof transactions.$inferSelect;
