// The customers directory (issue #48): one row per CPF/CNPJ seen on a cash-in in the ledger, with the
// names and contacts it came with, its charges and what it paid. A maintained rollup: written only
// by the triggers on `transactions` (lib/db/migrations/0019_customers.sql, 0036_customers_increments.sql), in the transaction of the
// change, so the directory costs O(customers shown), not O(ledger rows). The application never
// writes it; the ledger stays the one source.
import { sql } from "drizzle-orm";
import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const customers = pgTable(
  "customers",
  {
    /** The customer's address in the dashboard (/customers/<id>): a document never sits in a URL. */
    id: uuid("id").primaryKey().defaultRandom(),
    /** The payer's CPF/CNPJ as the ledger stores it (normalised: digits, or a new CNPJ's letters). */
    document: text("document").notNull().unique(),
    /** Every distinct name, e-mail (lower-cased) and phone seen with the document, at most ten each. */
    names: text("names").array().notNull().default(sql`'{}'::text[]`),
    emails: text("emails").array().notNull().default(sql`'{}'::text[]`),
    phones: text("phones").array().notNull().default(sql`'{}'::text[]`),
    /** The name on the latest charge: the one the list shows first. */
    latestName: text("latest_name"),
    /** The charge that name came from (its time and id, the ledger's order): a newer charge's name
     * replaces it without reading the customer's other rows (migration 0036). */
    latestNamedAt: timestamp("latest_named_at", { withTimezone: true }),
    latestNamedId: uuid("latest_named_id"),
    /** Cash-ins the ledger lists for the document, whatever became of them. */
    chargesCount: bigint("charges_count", { mode: "number" }).notNull().default(0),
    /** Paid (SUCCEED) cash-ins: how many, their sum, and when the first and last were paid. */
    paidCount: bigint("paid_count", { mode: "number" }).notNull().default(0),
    paidAmountCents: bigint("paid_amount_cents", { mode: "number" }).notNull().default(0),
    firstPaidAt: timestamp("first_paid_at", { withTimezone: true }),
    lastPaidAt: timestamp("last_paid_at", { withTimezone: true }),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
  },
  (table) => [
    // The directory's order (latest charge first) and its keyset pages.
    index("customers_last_seen_at_idx").on(table.lastSeenAt.desc(), table.id.desc()),
    // The directory's other orders (issue #53): by amount paid, by charges, each read either way from
    // (column, id) by lib/db/queries/list-keyset.ts.
    index("customers_paid_amount_id_idx").on(table.paidAmountCents, table.id),
    index("customers_charges_count_id_idx").on(table.chargesCount, table.id),
  ],
);
export type CustomerRecord = typeof customers.$inferSelect;
