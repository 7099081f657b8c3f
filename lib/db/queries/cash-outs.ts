// Reads of the ledger's cash-outs for the cash-out pages: the newest first, whatever became of them
// (sent, refused, unknown), so an operator sees every attempt before making another.
import { and, eq } from "drizzle-orm";
import { newestFirst } from "@/lib/db/queries/list-keyset";
import type { Database } from "@/lib/db/client";
import { transactions } from "@/lib/db/schema";
import { maskPersonalFields } from "@/lib/vocabulary/personal-data-masks";
import type { RecentCashOut } from "@/lib/vocabulary/recent-cash-out";
import { storeScopeCondition } from "@/lib/db/queries/store-scope";
import type { StoreScope } from "@/lib/vocabulary/store-scope";

export const recentCashOutsLimit = 20;

/** The newest cash-outs of the stores the request may see, their keys masked (a list: docs/personal-data.md). */
export async function listRecentCashOuts(
  db: Database,
  stores: StoreScope,
  { limit = recentCashOutsLimit }: { limit?: number } = {},
): Promise<RecentCashOut[]> {
  const rows = await db
    .select({
      id: transactions.id,
      amountCents: transactions.amountCents,
      pixKeyType: transactions.pixKeyType,
      pixKey: transactions.pixKey,
      status: transactions.status,
      creationState: transactions.creationState,
      externalReference: transactions.externalReference,
      createdByEmail: transactions.createdByEmail,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .where(and(eq(transactions.kind, "CASH_OUT"), storeScopeCondition(transactions.storeId, stores)))
    .orderBy(...newestFirst(transactions.createdAt, transactions.id))
    .limit(limit);
  return rows.map(maskPersonalFields);
}

/** A cash-out, when it exists in one of the stores the request may see (another store's is as unknown). */
export async function findCashOut(db: Database, stores: StoreScope, id: string) {
  const [cashOut] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.kind, "CASH_OUT"), storeScopeCondition(transactions.storeId, stores)));
  return cashOut;
}
