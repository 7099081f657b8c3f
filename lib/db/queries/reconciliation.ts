// The Reconciliation page's lists: what callbacks could not settle. Read-only: nothing here
// changes a transaction or calls the wallet.
import { and, asc, desc, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { callbackDeliveries, transactions } from "@/lib/db/schema";
import { maskPersonalFields } from "@/lib/vocabulary/personal-data-masks";

const listLimit = 200;

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

/** Rows still `creating` or `outcome_unknown` once older than the configured age (personal data masked: a list). */
export async function listUnsettledCreations(db: Database, olderThan: Date) {
  const rows = await db
    .select(transactionColumns)
    .from(transactions)
    .where(and(inArray(transactions.creationState, ["creating", "outcome_unknown"]), lt(transactions.createdAt, olderThan)))
    .orderBy(asc(transactions.createdAt))
    .limit(listLimit);
  return rows.map(maskPersonalFields);
}

/** Cash-ins past their expiry that are still PENDING: the wallet sent no final status (masked: a list). */
export async function listExpiredPendingCashIns(db: Database, now: Date) {
  const rows = await db
    .select(transactionColumns)
    .from(transactions)
    .where(
      and(
        eq(transactions.kind, "CASH_IN"),
        eq(transactions.creationState, "created"),
        eq(transactions.status, "PENDING"),
        lt(transactions.expiresAt, now),
        isNull(transactions.customCallbackUrl),
      ),
    )
    .orderBy(asc(transactions.expiresAt))
    .limit(listLimit);
  return rows.map(maskPersonalFields);
}

export function listProblemDeliveries(db: Database, outcome: "unmatched" | "rejected") {
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
    .where(eq(callbackDeliveries.outcome, outcome))
    .orderBy(desc(callbackDeliveries.receivedAt), desc(callbackDeliveries.id))
    .limit(listLimit);
}
