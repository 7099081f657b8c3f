// Counters (the shop's tills) and the display devices paired with them: a screen facing the payer
// that shows the counter's current charge. Display devices are not operators: they have their own
// session token (stored hashed) and can read nothing but their counter's current charge.
import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { FIRST_STORE_ID, stores } from "./stores";
import { transactions } from "./transactions";

export const counters = pgTable(
  "counters",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Unique within its store (two branches may each have a "Caixa 1").
    name: text("name").notNull(),
    // The payer details a quick charge sends (the wallet API requires a payer): set by an admin.
    defaultPayerName: text("default_payer_name").notNull(),
    defaultPayerEmail: text("default_payer_email").notNull(),
    defaultPayerDocument: text("default_payer_document").notNull(),
    // The charge the counter's displays show; null means idle.
    currentTransactionId: uuid("current_transaction_id").references(() => transactions.id, { onDelete: "set null" }),
    currentShownAt: timestamp("current_shown_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // The store whose till it is (issue #49, migration 0037): only its charges go up on its displays,
    // and only operators granted that store see it. Counters from before stores are the first store's.
    storeId: uuid("store_id")
      .notNull()
      .default(FIRST_STORE_ID)
      .references(() => stores.id),
  },
  (table) => [unique("counters_store_name_unique").on(table.storeId, table.name)],
);
export type CounterRecord = typeof counters.$inferSelect;

/** Short one-time codes an admin shows to pair a device; only the hash is stored. */
export const displayPairingCodes = pgTable(
  "display_pairing_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    counterId: uuid("counter_id")
      .notNull()
      .references(() => counters.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdByUserId: text("created_by_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("display_pairing_codes_counter_idx").on(table.counterId)],
);

/** A paired screen: its long-lived session is the hash of the token in its cookie. */
export const displayDevices = pgTable(
  "display_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    counterId: uuid("counter_id")
      .notNull()
      .references(() => counters.id, { onDelete: "cascade" }),
    sessionTokenHash: text("session_token_hash").notNull().unique(),
    userAgent: text("user_agent"),
    pairedByUserId: text("paired_by_user_id"),
    pairedAt: timestamp("paired_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("display_devices_active_counter_idx").on(table.counterId).where(sql`${table.revokedAt} is null`)],
);
export type DisplayDeviceRecord = typeof displayDevices.$inferSelect;

/** The counter each operator last chose for "Show on counter" (remembered per operator). */
export const counterOperatorPreferences = pgTable(
  "counter_operator_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    counterId: uuid("counter_id").references(() => counters.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId] })],
);
