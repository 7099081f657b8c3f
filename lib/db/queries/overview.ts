// The Overview's figures: how many transactions, and how much money, per kind and status within a
// time range (the page asks for today in São Paulo), within the stores a request may see (issue #49).
// Same rows as the Transactions list, read from the maintained rollups, kept per store
// (lib/db/queries/overview-rollups.ts), so the cost does not grow with the ledger.
import { and, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { rollupGrainOf, rollupGroupsQuery, toSafeInteger } from "@/lib/db/queries/overview-rollups";
import { storeScopeCondition } from "@/lib/db/queries/store-scope";
import { transactions } from "@/lib/db/schema/transactions";
import { type LedgerStatusFilter, type TransactionKind, transactionKinds } from "@/lib/vocabulary/transaction-statuses";
import { type KindFigures, type OverviewFigures, overviewStatuses, type StatusFigures } from "@/lib/vocabulary/overview-figures";
import type { StoreScope } from "@/lib/vocabulary/store-scope";

function emptyKind(): KindFigures {
  const byStatus = Object.fromEntries(overviewStatuses.map((status) => [status, { count: 0, volumeCents: 0 }])) as KindFigures["byStatus"];
  return { byStatus, total: { count: 0, volumeCents: 0 } };
}

/** Counts and volumes in [start, end) (whole São Paulo days, or whole hours) of the scope's stores, by kind and status, with totals. */
export async function summariseLedger(db: Database, stores: StoreScope, range: { start: Date; end: Date }): Promise<OverviewFigures> {
  return figuresOfGroups(await rollupGroupsQuery(db, stores, rollupGrainOf(range), range));
}

/** Rows of (kind, outcome, count, amount) as the Overview's figures: by kind and status, with totals. */
function figuresOfGroups(
  groups: Array<{ kind: string; outcome: string; count: number | string; amountCents: number | string }>,
): OverviewFigures {
  const byKind = Object.fromEntries(transactionKinds.map((kind) => [kind, emptyKind()])) as OverviewFigures["byKind"];
  const total: StatusFigures = { count: 0, volumeCents: 0 };
  for (const group of groups) {
    const kindFigures = byKind[group.kind as TransactionKind];
    const statusFigures = kindFigures?.byStatus[group.outcome as LedgerStatusFilter];
    if (!kindFigures || !statusFigures) continue;
    const figures = { count: toSafeInteger(group.count), volumeCents: toSafeInteger(group.amountCents) };
    for (const bucket of [statusFigures, kindFigures.total, total]) {
      bucket.count += figures.count;
      bucket.volumeCents += figures.volumeCents;
    }
  }
  return { byKind, total };
}

/** Whether the scope's stores have recorded any transaction at all (the Overview's first-use view). */
export async function hasAnyTransaction(db: Database, stores: StoreScope): Promise<boolean> {
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(inArray(transactions.creationState, ["created", "outcome_unknown"]), storeScopeCondition(transactions.storeId, stores)))
    .limit(1);
  return rows.length > 0;
}
