// Keys for the merchant's own systems (the /api/v1 routes): a name, scopes, an optional expiry, one store or all.
// Only the SHA-256 of the secret is stored (lib/api-keys/api-key-tokens.ts), with a short visible
// prefix to tell keys apart; revoking sets revoked_at, which every request reads.
// api_idempotency remembers which request body each client Idempotency-Key was first used with.
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ApiScope } from "../../vocabulary/api-scopes";
import { stores } from "./stores";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    // The key's public part ("wdk_" + 8 characters): shown in lists, logs and the audit log.
    prefix: text("prefix").notNull().unique(),
    secretHash: text("secret_hash").notNull().unique(),
    scopes: jsonb("scopes").$type<ApiScope[]>().notNull(),
    // The one store the key acts for (issue #49): its reads see that store's rows only and its
    // charges go through that store's wallet. Null: every store (every key from before stores).
    // Restrict: a store cannot be deleted while a key names it, so a key never widens to all stores.
    storeId: uuid("store_id").references(() => stores.id, { onDelete: "restrict" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    lastUsedAddress: text("last_used_address"),
    createdByUserId: text("created_by_user_id").notNull(),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedByEmail: text("revoked_by_email"),
  },
  // The key page's orders (issue #53), each read either way from (column, id) by
  // lib/db/queries/list-keyset.ts (lib/db/queries/api-keys.ts apiKeySortColumns): newest first (this
  // index replaced api_keys_created_at_idx), by name ignoring case, by last use (never: the epoch).
  (table) => [
    index("api_keys_created_at_id_idx").on(table.createdAt, table.id),
    index("api_keys_name_id_idx").on(sql`lower(${table.name})`, table.id),
    index("api_keys_last_used_id_idx").on(sql`coalesce(${table.lastUsedAt}, 'epoch'::timestamptz)`, table.id),
  ],
);
export type ApiKeyRecord = typeof apiKeys.$inferSelect;

/**
 * A client's Idempotency-Key, scoped to its API key ("<key id>:<client key>"), and the SHA-256 of
 * the request it came with: the same key with another body is refused instead of replayed.
 */
export const apiIdempotencyKeys = pgTable("api_idempotency_keys", {
  scopedKey: text("scoped_key").primaryKey(),
  apiKeyId: uuid("api_key_id")
    .notNull()
    .references(() => apiKeys.id, { onDelete: "cascade" }),
  operation: text("operation").notNull(),
  requestHash: text("request_hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
