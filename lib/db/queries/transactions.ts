import { and, eq } from "drizzle-orm";
import { newestFirst } from "@/lib/db/queries/list-keyset";
import type { Database } from "@/lib/db/client";
import { transactions } from "@/lib/db/schema";
import type { TransactionKind } from "@/lib/vocabulary/transaction-statuses";
import { type TransactionLiveState, transactionLiveState } from "@/lib/vocabulary/transaction-live";
import { storeScopeCondition } from "@/lib/db/queries/store-scope";
import type { StoreScope } from "@/lib/vocabulary/store-scope";

/** A transaction, when it exists in one of the stores the request may see (another store's is as unknown). */
export async function findTransaction(db: Database, stores: StoreScope, id: string) {
  const [transaction] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), storeScopeCondition(transactions.storeId, stores)));
  return transaction;
}

/** A transaction's wallet id and status, when it exists, is of this kind and in the scope's stores (the sandbox tools act on it). */
export async function findWalletReference(db: Database, stores: StoreScope, id: string, kind: TransactionKind) {
  const [reference] = await db
    .select({ walletTransactionId: transactions.walletTransactionId, status: transactions.status, storeId: transactions.storeId })
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.kind, kind), storeScopeCondition(transactions.storeId, stores)));
  return reference;
}

/** What the public payer page may know: nothing beyond amount, code, expiry and status. */
export async function findPayerDisplay(db: Database, token: string) {
  const [display] = await db
    .select({
      id: transactions.id,
      amountCents: transactions.amountCents,
      codeCopyPaste: transactions.codeCopyPaste,
      qrcodeImage: transactions.qrcodeImage,
      expiresAt: transactions.expiresAt,
      status: transactions.status,
      paymentLinkId: transactions.paymentLinkId,
    })
    .from(transactions)
    .where(and(eq(transactions.payerDisplayToken, token), eq(transactions.kind, "CASH_IN"), eq(transactions.creationState, "created")));
  return display;
}

/** A transaction's live state (lib/vocabulary/transaction-live.ts): what its pages follow, within the request's stores. */
export async function findTransactionStatus(db: Database, stores: StoreScope, id: string): Promise<TransactionLiveState | undefined> {
  const [row] = await db
    .select({
      status: transactions.status,
      creationState: transactions.creationState,
      statusChangedAt: transactions.statusChangedAt,
      statusDescription: transactions.statusDescription,
    })
    .from(transactions)
    .where(and(eq(transactions.id, id), storeScopeCondition(transactions.storeId, stores)));
  return row ? transactionLiveState(row) : undefined;
}

/** The newest cash-ins of the scope's stores still waiting for a payment (for the sandbox page). */
export function listPendingCashIns(db: Database, stores: StoreScope, limit = 10) {
  return db
    .select({
      id: transactions.id,
      amountCents: transactions.amountCents,
      payerName: transactions.payerName,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.kind, "CASH_IN"),
        eq(transactions.creationState, "created"),
        eq(transactions.status, "PENDING"),
        storeScopeCondition(transactions.storeId, stores),
      ),
    )
    .orderBy(...newestFirst(transactions.createdAt, transactions.id))
    .limit(limit);
}
