// The Reconciliation page's problems: what callbacks could not settle, each as a count and its
// newest rows (the page links to the ledger or the callback log filtered to exactly that problem
// for the rest: issue #52; it listed up to 200 rows of each, 339 KB of HTML). Read-only: nothing
// here changes a transaction or calls the wallet. Every read takes the StoreScope (issue #49): an
// operator of some stores sees their transactions' problems only, and deliveries matched to none
// (merchant-wide) only with every store.
import { and, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { expiredPendingCashIn, ledgerCountCap } from "@/lib/db/queries/ledger";
import { newestFirst } from "@/lib/db/queries/list-keyset";
import { deliveriesInStores } from "@/lib/db/queries/callback-deliveries";
import { storeScopeCondition } from "@/lib/db/queries/store-scope";
import { callbackDeliveries, transactions } from "@/lib/db/schema";
import type { StoreScope } from "@/lib/vocabulary/store-scope";
import { maskPersonalFields } from "@/lib/vocabulary/personal-data-masks";

/** How many of each problem's rows the page shows (the newest); the filtered list holds them all. */
export const reconciliationPreviewRows = 10;

/**
 * Counts up to the ledger's cap (`capped`: more than `count`), like the ledger's own count: cheap at
 * any size; the list behind the link has the rest.
 */
async function countUpTo(
  db: Database,
  table: typeof transactions | typeof callbackDeliveries,
  where: SQL,
  cap = ledgerCountCap,
): Promise<{ count: number; capped: boolean }> {
  const limited = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as("limited");
  const [result] = await db.select({ count: sql<number>`count(*)::int` }).from(limited);
  const count = Number(result?.count ?? 0);
  return count > cap ? { count: cap, capped: true } : { count, capped: false };
}

const transactionColumns = {
  id: transactions.id,
  kind: transactions.kind,
  creationState: transactions.creationState,
  amountCents: transactions.amountCents,
  pixKeyType: transactions.pixKeyType,
  pixKey: transactions.pixKey,
  payerName: transactions.payerName,
  payerDocument: transactions.payerDocument,
  externalReference: transactions.externalReference,
  failureMessage: transactions.failureMessage,
  createdAt: transactions.createdAt,
  expiresAt: transactions.expiresAt,
  createdByEmail: transactions.createdByEmail,
};

const unsettled = (stores: StoreScope, olderThan: Date) =>
  and(
    storeScopeCondition(transactions.storeId, stores),
    inArray(transactions.creationState, ["creating", "outcome_unknown"]),
    lt(transactions.createdAt, olderThan),
  )!;

/**
 * Rows still `creating` or `outcome_unknown` once older than the configured age, newest first
 * (personal data masked: a list). `stillCreating` counts the `creating` ones: the ledger does not
 * list them (they are not transactions yet), so the page says so beside its link.
 */
export async function findUnsettledCreations(db: Database, stores: StoreScope, olderThan: Date, limit = reconciliationPreviewRows) {
  const [counted, creating, rows] = await Promise.all([
    countUpTo(db, transactions, unsettled(stores, olderThan)),
    countUpTo(
      db,
      transactions,
      and(
        storeScopeCondition(transactions.storeId, stores),
        eq(transactions.creationState, "creating"),
        lt(transactions.createdAt, olderThan),
      )!,
    ),
    db
      .select(transactionColumns)
      .from(transactions)
      .where(unsettled(stores, olderThan))
      .orderBy(...newestFirst(transactions.createdAt, transactions.id))
      .limit(limit),
  ]);
  return { ...counted, stillCreating: creating.count, rows: rows.map(maskPersonalFields) };
}

/**
 * Cash-ins past their expiry that are still PENDING: the wallet sent no final status (masked: a
 * list), the rows of the ledger's `expired` filter (the same condition), newest first as it lists them.
 */
export async function findExpiredPendingCashIns(db: Database, stores: StoreScope, now: Date, limit = reconciliationPreviewRows) {
  const expired = and(storeScopeCondition(transactions.storeId, stores), expiredPendingCashIn(now))!;
  const [counted, rows] = await Promise.all([
    countUpTo(db, transactions, expired),
    db
      .select(transactionColumns)
      .from(transactions)
      .where(expired)
      .orderBy(...newestFirst(transactions.createdAt, transactions.id))
      .limit(limit),
  ]);
  return { ...counted, rows: rows.map(maskPersonalFields) };
}

/** Deliveries with this outcome, newest first as the callback log lists them (its `outcome` filter). */
export async function findProblemDeliveries(
  db: Database,
  stores: StoreScope,
  outcome: "unmatched" | "rejected",
  limit = reconciliationPreviewRows,
) {
  const problem = and(deliveriesInStores(stores), eq(callbackDeliveries.outcome, outcome))!;
  const [counted, rows] = await Promise.all([countUpTo(db, callbackDeliveries, problem), listProblemDeliveries(db, problem, limit)]);
  return { ...counted, rows };
}

function listProblemDeliveries(db: Database, problem: SQL, limit: number) {
  return db
    .select({
      id: callbackDeliveries.id,
      receivedAt: callbackDeliveries.receivedAt,
      status: callbackDeliveries.status,
      walletTransactionId: callbackDeliveries.walletTransactionId,
      transactionId: callbackDeliveries.transactionId,
      callbackLogId: callbackDeliveries.callbackLogId,
      rejectionReason: callbackDeliveries.rejectionReason,
    })
    .from(callbackDeliveries)
    .where(problem)
    .orderBy(desc(callbackDeliveries.receivedAt), desc(callbackDeliveries.id))
    .limit(limit);
}
