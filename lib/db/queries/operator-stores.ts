// The stores an operator's role applies to (lib/db/schema/operator-stores.ts): no row is all stores.
import { asc, eq, inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "@/lib/db/client";
import { operatorStoreGrants } from "@/lib/db/schema/operator-stores";
import { stores } from "@/lib/db/schema/stores";
import { storeScopeCondition } from "@/lib/db/queries/store-scope";
import type { StoreScope } from "@/lib/vocabulary/store-scope";

/**
 * An operator's granted store ids as one value of a larger select (the session read): null when
 * they have no grant row (all stores), else the ids, sorted.
 */
export function grantedStoreIdsOf(userIdColumn: PgColumn): SQL<string[] | null> {
  return sql<string[] | null>`(select array_agg(${operatorStoreGrants.storeId}::text order by ${operatorStoreGrants.storeId})
    from ${operatorStoreGrants} where ${operatorStoreGrants.userId} = ${userIdColumn})`;
}

/**
 * The stores an operator may see (all of them without a grant row, else their grants), id and name
 * in the store switcher's order (listVisibleStores'), as one value of a larger select: the page's
 * session read, so the shell's switcher costs no statement of its own.
 */
export function visibleStoresOf(userIdColumn: PgColumn): SQL<Array<{ id: string; name: string }>> {
  const grantsOf = sql`${operatorStoreGrants} where ${operatorStoreGrants.userId} = ${userIdColumn}`;
  return sql<Array<{ id: string; name: string }>>`(select coalesce(json_agg(json_build_object('id', ${stores.id}, 'name', ${stores.name})
      order by ${stores.createdAt}, ${stores.id}), '[]'::json)
    from ${stores}
    where not exists (select 1 from ${grantsOf}) or ${stores.id} in (select ${operatorStoreGrants.storeId} from ${grantsOf}))`;
}

/** Whether a store with this id exists, as one value of a larger select (compared as text: any input is safe). */
export function chosenStoreExists(storeId: SQL | Placeholder): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${stores} where ${stores.id}::text = ${storeId})`;
}

/** One operator's granted store ids, or null for all stores. */
export async function findOperatorStoreGrants(db: Database, userId: string): Promise<string[] | null> {
  const rows = await db
    .select({ storeId: operatorStoreGrants.storeId })
    .from(operatorStoreGrants)
    .where(eq(operatorStoreGrants.userId, userId))
    .orderBy(asc(operatorStoreGrants.storeId));
  return rows.length === 0 ? null : rows.map((row) => row.storeId);
}

/** Every scoped operator's store ids (operators absent from the map see all stores): the operators page. */
export async function listOperatorStoreGrants(db: Database): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ userId: operatorStoreGrants.userId, storeId: operatorStoreGrants.storeId })
    .from(operatorStoreGrants)
    .orderBy(asc(operatorStoreGrants.userId), asc(operatorStoreGrants.storeId));
  const grants = new Map<string, string[]>();
  for (const row of rows) grants.set(row.userId, [...(grants.get(row.userId) ?? []), row.storeId]);
  return grants;
}

/** Which of these ids name existing stores. */
export async function existingStoreIds(db: Database, storeIds: readonly string[]): Promise<string[]> {
  if (storeIds.length === 0) return [];
  const rows = await db
    .select({ id: stores.id })
    .from(stores)
    .where(inArray(stores.id, [...storeIds]));
  return rows.map((row) => row.id);
}

/**
 * Replaces an operator's grants in one transaction: null for all stores (no row), else exactly
 * those stores (at least one: the caller refuses an empty choice).
 */
export async function replaceOperatorStoreGrants(db: Database, userId: string, storeIds: readonly string[] | null, grantedBy: string) {
  await db.transaction(async (tx) => {
    await tx.delete(operatorStoreGrants).where(eq(operatorStoreGrants.userId, userId));
    if (storeIds && storeIds.length > 0)
      await tx.insert(operatorStoreGrants).values(storeIds.map((storeId) => ({ userId, storeId, grantedBy })));
  });
}

/** The stores a scope lets its holder see, oldest first (the first store first): names for choices. */
export async function listVisibleStores(db: Database, scope: StoreScope): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(storeScopeCondition(stores.id, scope))
    .orderBy(asc(stores.createdAt), asc(stores.id));
}
