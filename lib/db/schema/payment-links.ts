// Payment links (issue #48): one public URL (/l/<slug>) that anyone may open to pay; each submission
// of its page creates one cash-in of its own (transactions.payment_link_id), so every charge of a
// link is in the ledger. The counters shown in the dashboard (charges, paid, received) are read from
// the ledger; only the visits, which leave no row anywhere else, are counted here.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { FIRST_STORE_ID, stores } from "./stores";

export const paymentLinks = pgTable(
  "payment_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The public path segment: short, random, unique (lib/payment-links/slug.ts). */
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    /** Shown to payers on the link's page and sent as the charge's description. */
    description: text("description"),
    /** Fixed price in cents; null means the payer chooses between min and max. */
    amountCents: bigint("amount_cents", { mode: "number" }),
    minAmountCents: bigint("min_amount_cents", { mode: "number" }),
    maxAmountCents: bigint("max_amount_cents", { mode: "number" }),
    /** Paid charges after which the link takes no more (null: no limit). */
    maxPaidCharges: integer("max_paid_charges"),
    /** No new charge from this instant on (null: no end). */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Each charge's expiry, in minutes. */
    chargeExpiryMinutes: integer("charge_expiry_minutes").notNull(),
    /** Where the payer may go after paying; checked with the outbound guard when saved. */
    returnUrl: text("return_url"),
    active: boolean("active").notNull().default(true),
    /** Shown instead of the form while the link is inactive (null: a standard text). */
    inactiveMessage: text("inactive_message"),
    /** Times the public page was shown with its form (rate-limited per address, so bounded). */
    visits: bigint("visits", { mode: "number" }).notNull().default(0),
    /** The API client's Idempotency-Key (scoped to its API key) for a link created through /api/v1 (migration 0021). */
    idempotencyKey: text("idempotency_key").unique(),
    createdByUserId: text("created_by_user_id"),
    createdByEmail: text("created_by_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // The store whose wallet charges the link's payers (issue #49, migration 0034); links from before
    // stores existed, and those that name none, are the first store's (a constant default: no rewrite).
    storeId: uuid("store_id")
      .notNull()
      .default(FIRST_STORE_ID)
      .references(() => stores.id),
  },
  (table) => [
    index("payment_links_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
    // The list's other orders (issue #53), each read either way from (expression, id) by
    // lib/db/queries/list-keyset.ts: by name ignoring case, by price (a fixed price, or the payer's
    // minimum); the expressions are the ones lib/db/queries/payment-links.ts sorts by.
    index("payment_links_name_id_idx").on(sql`lower(${table.name})`, table.id),
    index("payment_links_amount_id_idx").on(sql`coalesce(${table.amountCents}, ${table.minAmountCents})`, table.id),
    check(
      "payment_links_amount_chk",
      sql`(${table.amountCents} is not null and ${table.amountCents} > 0 and ${table.minAmountCents} is null and ${table.maxAmountCents} is null)
        or (${table.amountCents} is null and ${table.minAmountCents} > 0 and ${table.maxAmountCents} >= ${table.minAmountCents})`,
    ),
  ],
);
export type PaymentLinkRecord = typeof paymentLinks.$inferSelect;
