// The Overview's figures within the stores a request may see (issue #49). All stores: the
// maintained rollups (lib/db/queries/overview.ts), unchanged. Some stores: the rollups hold no
// store, so the day's figures are counted from the ledger itself on the (store_id, created_at)
// index, one day of one store's rows (per-store rollups are left for the bench at 1M rows × 20 stores).
import { and, count, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { figuresOfGroups, hasAnyTransaction, summariseLedger } from "@/lib/db/queries/overview";
import { storeScopeCondition } from "@/lib/db/queries/store-scope";
import { transactions } from "@/lib/db/schema/transactions";
import type { OverviewFigures } from "@/lib/vocabulary/overview-figures";
import type { StoreScope } from "@/lib/vocabulary/store-scope";

/** Counts and volumes in [start, end) by kind and status, with totals, within the scope's stores. */
export async function summariseLedgerIn(db: Database, stores: StoreScope, range: { start: Date; end: Date }): Promise<OverviewFigures> {
  if (stores.all) return summariseLedger(db, range);
  // The rollups' own outcome (migration 0012): UNKNOWN for an unknown outcome or a status not yet known.
  const outcome = sql<string>`case when ${transactions.creationState} = 'outcome_unknown' or ${transactions.status} is null then 'UNKNOWN' else ${transactions.status}::text end`;
  const groups = await db
    .select({
      kind: transactions.kind,
      outcome,
      count: count(),
      amountCents: sql<string>`coalesce(sum(${transactions.amountCents}), 0)::text`,
    })
    .from(transactions)
    .where(
      and(
        inArray(transactions.creationState, ["created", "outcome_unknown"]),
        storeScopeCondition(transactions.storeId, stores),
        gte(transactions.createdAt, range.start),
        lt(transactions.createdAt, range.end),
      ),
    )
    .groupBy(transactions.kind, outcome);
  return figuresOfGroups(groups);
}

/** Whether the scope's stores have any transaction (the Overview's first-use view). */
export async function hasAnyTransactionIn(db: Database, stores: StoreScope): Promise<boolean> {
  if (stores.all) return hasAnyTransaction(db);
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(inArray(transactions.creationState, ["created", "outcome_unknown"]), storeScopeCondition(transactions.storeId, stores)))
    .limit(1);
  return rows.length > 0;
}
