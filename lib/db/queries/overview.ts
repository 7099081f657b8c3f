// The Overview's figures: how many transactions, and how much money, per kind and status within a
// time range (the page asks for today in São Paulo). Same rows as the Transactions list.
import { and, count, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transactions } from "@/lib/db/schema/transactions";
import { type LedgerStatusFilter, transactionKinds } from "@/lib/vocabulary/transaction-statuses";
import { type KindFigures, type OverviewFigures, overviewStatuses, type StatusFigures } from "@/lib/vocabulary/overview-figures";

function emptyKind(): KindFigures {
  const byStatus = Object.fromEntries(overviewStatuses.map((status) => [status, { count: 0, volumeCents: 0 }])) as KindFigures["byStatus"];
  return { byStatus, total: { count: 0, volumeCents: 0 } };
}

function toCents(text: string | null): number {
  const cents = Number(text ?? 0);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Volume out of range: ${text}`);
  return cents;
}

/** Counts and volumes in [start, end), by kind and status, with totals. */
export async function summariseLedger(db: Database, range: { start: Date; end: Date }): Promise<OverviewFigures> {
  const groups = await db
    .select({
      kind: transactions.kind,
      creationState: transactions.creationState,
      status: transactions.status,
      count: count(),
      // bigint sum comes back as numeric text: exact, converted to integer cents below.
      volumeCents: sql<string | null>`sum(${transactions.amountCents})`,
    })
    .from(transactions)
    .where(
      and(
        inArray(transactions.creationState, ["created", "outcome_unknown"]),
        gte(transactions.createdAt, range.start),
        lt(transactions.createdAt, range.end),
      ),
    )
    .groupBy(transactions.kind, transactions.creationState, transactions.status);

  const byKind = Object.fromEntries(transactionKinds.map((kind) => [kind, emptyKind()])) as OverviewFigures["byKind"];
  const total: StatusFigures = { count: 0, volumeCents: 0 };
  for (const group of groups) {
    const status: LedgerStatusFilter = group.creationState === "outcome_unknown" || !group.status ? "UNKNOWN" : group.status;
    const figures = { count: Number(group.count), volumeCents: toCents(group.volumeCents) };
    for (const bucket of [byKind[group.kind].byStatus[status], byKind[group.kind].total, total]) {
      bucket.count += figures.count;
      bucket.volumeCents += figures.volumeCents;
    }
  }
  return { byKind, total };
}

/** Whether the dashboard has recorded any transaction at all (the Overview's first-use view). */
export async function hasAnyTransaction(db: Database): Promise<boolean> {
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(inArray(transactions.creationState, ["created", "outcome_unknown"]))
    .limit(1);
  return rows.length > 0;
}
