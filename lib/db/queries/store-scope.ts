// The one way a query narrows rows to the stores a request may see (lib/vocabulary/store-scope.ts):
// no condition for all stores (the consolidated reads keep their plans and indexes), else the
// store column among the scope's ids (nothing for an empty set).
import { inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { StoreScope } from "@/lib/vocabulary/store-scope";

export function storeScopeCondition(storeColumn: PgColumn, scope: StoreScope): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.storeIds.length === 0) return sql`false`;
  return inArray(storeColumn, [...scope.storeIds]);
}
