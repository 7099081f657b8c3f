// The dashboard's own ledger: every cash-in and cash-out it asked the wallet for, with who asked
// and what became of it. The wallet has no "list" or "get" endpoint, so this is the operators' book.
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { creationStates, transactionKinds, walletStatuses } from "../../vocabulary/transaction-statuses";

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
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    isSandbox: boolean("is_sandbox").notNull().default(false),
  },
  (table) => [
    index("transactions_created_at_id_idx").on(table.createdAt.desc(), table.id.desc()),
    index("transactions_status_created_at_idx").on(table.status, table.createdAt.desc(), table.id.desc()),
    index("transactions_kind_created_at_idx").on(table.kind, table.createdAt.desc(), table.id.desc()),
    // The ledger's search (lib/db/queries/ledger.ts): exact document and wallet id, and a
    // case-insensitive prefix on e-mail, name, reference and key. text_pattern_ops lets
    // `lower(x) LIKE 'abc%'` use the index whatever the database's collation.
    index("transactions_payer_document_idx").on(table.payerDocument),
    index("transactions_payer_email_prefix_idx").on(sql`lower(${table.payerEmail}) text_pattern_ops`),
    index("transactions_payer_name_prefix_idx").on(sql`lower(${table.payerName}) text_pattern_ops`),
    index("transactions_external_reference_prefix_idx").on(sql`lower(${table.externalReference}) text_pattern_ops`),
    index("transactions_pix_key_prefix_idx").on(sql`lower(${table.pixKey}) text_pattern_ops`),
    // The same prefixes under a kind filter (lib/db/queries/ledger.ts, ledgerRowsBySearchFirst): payer
    // columns are cash-in only and PIX keys cash-out only, so "ana" among cash-outs is an empty range
    // here, where the single-column index would hand back every cash-in Ana to be filtered out.
    index("transactions_kind_payer_email_prefix_idx").on(table.kind, sql`lower(${table.payerEmail}) text_pattern_ops`),
    index("transactions_kind_payer_name_prefix_idx").on(table.kind, sql`lower(${table.payerName}) text_pattern_ops`),
    index("transactions_kind_external_reference_prefix_idx").on(table.kind, sql`lower(${table.externalReference}) text_pattern_ops`),
    index("transactions_kind_pix_key_prefix_idx").on(table.kind, sql`lower(${table.pixKey}) text_pattern_ops`),
    // The ledger's amount range filter, when it is narrower than the date order.
    index("transactions_amount_cents_idx").on(table.amountCents),
    // The ledger's "outcome unknown" filter: few rows, so a small partial index in list order.
    index("transactions_outcome_unknown_created_at_idx")
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.creationState} = 'outcome_unknown'`),
    // Delivery health: pending charges past their expiry, a small set among all pending rows.
    index("transactions_pending_expires_at_idx").on(table.expiresAt).where(sql`${table.status} = 'PENDING'`),
  ],
);
export type TransactionRecord = typeof transactions.$inferSelect;
