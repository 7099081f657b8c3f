// A merchant's stores (issue #49): each holds its own wallet account. The first store
// (FIRST_STORE_ID, created by migration 0026 from the merchant identity) has no connection of its
// own: it uses the wallet configured in the settings (WALLET_API_*), so a one-store merchant sees
// nothing change. Another store's token is kept encrypted (lib/stores/credential-cipher.ts) with
// the id of the key that encrypted it; only its last 4 characters are ever shown again.
import { sql } from "drizzle-orm";
import { bigint, check, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ledgerTimeZone } from "@/lib/vocabulary/sao-paulo-dates";

import { FIRST_STORE_ID } from "@/lib/vocabulary/stores";

/** The store every row made before stores existed belongs to, and the default of `store_id` columns (lib/vocabulary/stores.ts). */
export { FIRST_STORE_ID };

export const stores = pgTable(
  "stores",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** The account holder's CPF or CNPJ, unformatted (lib/schemas/brazilian-documents.ts); null when not known (first store without a merchant identity). */
    holderDocument: text("holder_document"),
    /** The name shown to payers (payer page, payment links, receipts). */
    payerFacingName: text("payer_facing_name").notNull(),
    /** An IANA zone name; the first store and new ones default to São Paulo (lib/vocabulary/sao-paulo-dates.ts). */
    timeZoneName: text("time_zone").notNull().default(ledgerTimeZone),
    /** Null: the wallet configured in the settings (the first store). */
    walletBaseUrl: text("wallet_base_url"),
    /** "v1.<iv>.<tag>.<ciphertext>" (base64url), from lib/stores/credential-cipher.ts; never sent to a browser. */
    walletTokenCiphertext: text("wallet_token_ciphertext"),
    /** Which STORE_CREDENTIALS_KEY(S) entry encrypted it, so old keys can be rotated out. */
    walletTokenKeyId: text("wallet_token_key_id"),
    walletTokenLast4: text("wallet_token_last4"),
    /**
     * The most this store may send a São Paulo day, beside the merchant's and each operator's limits
     * (the approval policy, lib/cash-out/daily-limits.ts; migration 0038); null: no limit of its own.
     */
    cashOutDailyLimitCents: bigint("cash_out_daily_limit_cents", { mode: "number" }),
    /**
     * Cash-outs of this store of this amount or more wait for a second approver, instead of the
     * merchant's threshold (migration 0041); null: the merchant's; 0: every cash-out.
     */
    approvalThresholdCents: bigint("approval_threshold_cents", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("stores_cash_out_daily_limit_positive", sql`${table.cashOutDailyLimitCents} is null or ${table.cashOutDailyLimitCents} > 0`),
    check("stores_approval_threshold_not_negative", sql`${table.approvalThresholdCents} is null or ${table.approvalThresholdCents} >= 0`),
    // A connection is all four or none (none = the settings' wallet).
    check(
      "stores_connection_complete",
      sql`(${table.walletBaseUrl} is null and ${table.walletTokenCiphertext} is null and ${table.walletTokenKeyId} is null and ${table.walletTokenLast4} is null) or (${table.walletBaseUrl} is not null and ${table.walletTokenCiphertext} is not null and ${table.walletTokenKeyId} is not null and ${table.walletTokenLast4} is not null)`,
    ),
  ],
);
export type StoreRecord = typeof stores.$inferSelect;
