// API keys in the database: the page's list, the lookup each /api/v1 request makes, last use,
// revocation, and the idempotency keys clients send with creating requests.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { apiIdempotencyKeys, apiKeys, type ApiKeyRecord } from "@/lib/db/schema";
import { isDescending, type ListCursor, type ListSort, sortColumnOf } from "@/lib/vocabulary/list-sort";
import { type ApiKeySortColumn, apiKeysSort, listPageSize } from "@/lib/vocabulary/list-orders";
import { type KeysetColumn, keysetAfter, keysetColumn, keysetOrder, type KeysetRead, keysetPage } from "./list-keyset";

/**
 * The key page's orders: keyset on (column, id) like every list's, each read either way from its
 * index (`api_keys_created_at_id_idx`, `api_keys_name_id_idx`, `api_keys_last_used_id_idx`, migration
 * 0031). A key never used sorts as used at the epoch, before any use.
 */
export const apiKeySortColumns: Record<ApiKeySortColumn, KeysetColumn> = {
  created: keysetColumn(apiKeys.createdAt, "timestamptz"),
  name: keysetColumn(sql`lower(${apiKeys.name})`, "text"),
  lastUsed: keysetColumn(sql`coalesce(${apiKeys.lastUsedAt}, 'epoch'::timestamptz)`, "timestamptz"),
};

export function apiKeysPageQuery(db: Database, sort: ListSort<ApiKeySortColumn>, read: KeysetRead) {
  const column = apiKeySortColumns[sortColumnOf(sort)];
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      storeId: apiKeys.storeId,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedAddress: apiKeys.lastUsedAddress,
      createdByEmail: apiKeys.createdByEmail,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
      keyValue: column.key,
    })
    .from(apiKeys)
    .where(keysetAfter(column, apiKeys.id, "uuid", read.from, read.descending))
    .orderBy(...keysetOrder(column, apiKeys.id, read.descending))
    .limit(read.limit);
}

/** Everything but the hash: what the key management page shows, one page in `sort`'s order. */
export function listApiKeysPage(db: Database, options: { sort?: ListSort<ApiKeySortColumn>; cursor?: ListCursor } = {}) {
  const sort = options.sort ?? apiKeysSort.defaultSort;
  return keysetPage(options.cursor, listPageSize, isDescending(sort), (read) => apiKeysPageQuery(db, sort, read));
}
export type ApiKeyListRow = Awaited<ReturnType<typeof listApiKeysPage>>["rows"][number];

export async function findApiKeyByHash(db: Database, secretHash: string): Promise<ApiKeyRecord | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.secretHash, secretHash));
  return row;
}

export async function findApiKey(db: Database, id: string): Promise<ApiKeyRecord | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row;
}

export async function insertApiKey(db: Database, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRecord> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

export async function recordApiKeyUse(db: Database, id: string, address: string, now: Date): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: now, lastUsedAddress: address }).where(eq(apiKeys.id, id));
}

/** Revokes a key that is not revoked yet; false when there was none. */
export async function revokeApiKey(db: Database, id: string, by: { email: string }, now = new Date()): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: now, revokedByEmail: by.email })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}

/**
 * Claims a client's Idempotency-Key for a request (by its hash). Returns "claimed" the first time,
 * "same" when the key came before with the same request, "different" when with another one.
 */
export async function claimIdempotencyKey(
  db: Database,
  claim: { scopedKey: string; apiKeyId: string; operation: string; requestHash: string },
): Promise<"claimed" | "same" | "different"> {
  const inserted = await db
    .insert(apiIdempotencyKeys)
    .values(claim)
    .onConflictDoNothing({ target: apiIdempotencyKeys.scopedKey })
    .returning({ scopedKey: apiIdempotencyKeys.scopedKey });
  if (inserted.length) return "claimed";
  const [existing] = await db.select().from(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.scopedKey, claim.scopedKey));
  return existing && existing.operation === claim.operation && existing.requestHash === claim.requestHash ? "same" : "different";
}
