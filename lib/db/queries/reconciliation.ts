// The Reconciliation page's problems: what callbacks could not settle, each as a count and its
// newest rows (the page links to the ledger or the callback log filtered to exactly that problem
// for the rest: issue #52; it listed up to 200 rows of each, 339 KB of HTML). Read-only: nothing
// here changes a transaction or calls the wallet. Every read takes the StoreScope (issue #49): an
// operator of some stores sees their transactions' problems only, and deliveries matched to none
// (merchant-wide) only with every store.
import { and, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { cappedCount, countUpToCap, expiredPendingCashIn } from "@/lib/db/queries/ledger";
import { newestFirst } from "@/lib/db/queries/list-keyset";
import { deliveriesInStores } from "@/lib/db/queries/callback-deliveries";
import { storeScopeCondition } from "@/lib/db/queries/store-scope";
import { callbackDeliveries, transactions } from "@/lib/db/schema";
import type { StoreScope } from "@/lib/vocabulary/store-scope";
import { maskPersonalFields } from "@/lib/vocabulary/personal-data-masks";

/** How many of each problem's rows the page shows (the newest); the filtered list holds them all. */
export const reconciliationPreviewRows = 10;

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

/** When each problem starts: creations older than `olderThan` without an outcome; charges past their expiry at `now`. */
export type ReconciliationMoments = { olderThan: Date; now: Date };

/**
 * The page's four problems, each with its count (up to the ledger's cap) and its `limit` newest rows
 * (personal data masked: lists), newest first as the list behind its link shows them:
 * - `unsettled`: creations still `creating` or `outcome_unknown` older than `olderThan`, with
 *   `stillCreating` apart (the ledger does not list those: they are not transactions yet);
 * - `expired`: cash-ins past their expiry still PENDING (the ledger's `expired` filter);
 * - `unmatched`, `rejected`: deliveries with that outcome (the callback log's `outcome` filter).
 * The five counts are one statement of scalar subqueries, each on its own index (they were five
 * statements in a row on PGlite's one thread, issue #52), and the four lists one statement each.
 */
export async function findReconciliationProblems(
  db: Database,
  stores: StoreScope,
  { olderThan, now }: ReconciliationMoments,
  limit = reconciliationPreviewRows,
) {
  const inStores = storeScopeCondition(transactions.storeId, stores);
  const unsettled = and(
    inStores,
    inArray(transactions.creationState, ["creating", "outcome_unknown"]),
    lt(transactions.createdAt, olderThan),
  )!;
  const stillCreating = and(inStores, eq(transactions.creationState, "creating"), lt(transactions.createdAt, olderThan))!;
  const expired = and(inStores, expiredPendingCashIn(now))!;
  const deliveries = (outcome: "unmatched" | "rejected") => and(deliveriesInStores(stores), eq(callbackDeliveries.outcome, outcome))!;
  const counts = {
    unsettled: countUpToCap(transactions, unsettled),
    stillCreating: countUpToCap(transactions, stillCreating),
    expired: countUpToCap(transactions, expired),
    unmatched: countUpToCap(callbackDeliveries, deliveries("unmatched")),
    rejected: countUpToCap(callbackDeliveries, deliveries("rejected")),
  };
  const columns = sql.join(
    Object.entries(counts).map(([name, count]) => sql`${count} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const transactionRows = (where: SQL) =>
    db
      .select(transactionColumns)
      .from(transactions)
      .where(where)
      .orderBy(...newestFirst(transactions.createdAt, transactions.id))
      .limit(limit)
      .then((rows) => rows.map(maskPersonalFields));
  const [counted, unsettledRows, expiredRows, unmatchedRows, rejectedRows] = await Promise.all([
    db.execute(sql`select ${columns}`) as unknown as Promise<{ rows: Array<Record<keyof typeof counts, unknown>> }>,
    transactionRows(unsettled),
    transactionRows(expired),
    problemDeliveryRows(db, deliveries("unmatched"), limit),
    problemDeliveryRows(db, deliveries("rejected"), limit),
  ]);
  const row = counted.rows[0]!;
  const capped = (name: keyof typeof counts) => cappedCount(row[name]);
  return {
    unsettled: { ...capped("unsettled"), stillCreating: capped("stillCreating").count, rows: unsettledRows },
    expired: { ...capped("expired"), rows: expiredRows },
    unmatched: { ...capped("unmatched"), rows: unmatchedRows },
    rejected: { ...capped("rejected"), rows: rejectedRows },
  };
}

function problemDeliveryRows(db: Database, problem: SQL, limit: number) {
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
