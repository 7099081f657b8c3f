// What a receipt is made of: one transaction's own fields, read from the ledger row (never from a
// summary table), and the paid transactions of a bulk batch for its ZIP.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { cashOutRequestItems, paymentLinks, transactions } from "../schema";
import { storeScopeCondition } from "@/lib/db/queries/store-scope";
import type { StoreScope } from "@/lib/vocabulary/store-scope";

const receiptColumns = {
  id: transactions.id,
  kind: transactions.kind,
  creationState: transactions.creationState,
  status: transactions.status,
  walletTransactionId: transactions.walletTransactionId,
  amountCents: transactions.amountCents,
  tax: transactions.tax,
  isSandbox: transactions.isSandbox,
  payerName: transactions.payerName,
  payerDocument: transactions.payerDocument,
  pixKeyType: transactions.pixKeyType,
  pixKey: transactions.pixKey,
  createdAt: transactions.createdAt,
  statusChangedAt: transactions.statusChangedAt,
  // The payment link a charge came from (#48), by the link's primary key.
  paymentLinkName: sql<
    string | null
  >`(select ${paymentLinks.name} from ${paymentLinks} where ${paymentLinks.id} = ${transactions.paymentLinkId})`,
};

export type ReceiptRow = {
  id: string;
  kind: "CASH_IN" | "CASH_OUT";
  creationState: string;
  status: "PENDING" | "SUCCEED" | "CANCELED" | "FAILED" | null;
  walletTransactionId: string | null;
  amountCents: number;
  tax: string | null;
  isSandbox: boolean;
  payerName: string | null;
  payerDocument: string | null;
  pixKeyType: "EMAIL" | "PHONE" | "DOCUMENT" | "RANDOM" | null;
  pixKey: string | null;
  createdAt: Date;
  statusChangedAt: Date | null;
  /** The name of the payment link the charge came from, if any. */
  paymentLinkName: string | null;
};

/** A transaction's receipt row, when it is in one of the scope's stores (another store's is as unknown). */
export async function findReceiptRow(db: Database, stores: StoreScope, id: string): Promise<ReceiptRow | undefined> {
  const [row] = await db
    .select(receiptColumns)
    .from(transactions)
    .where(and(eq(transactions.id, id), storeScopeCondition(transactions.storeId, stores)));
  return row;
}

/** A payout batch's sent rows with their ledger rows, in the file's line order (for its ZIP of receipts). */
export async function listBatchReceiptRows(db: Database, requestId: string): Promise<Array<ReceiptRow & { line: number }>> {
  return db
    .select({ ...receiptColumns, line: cashOutRequestItems.line })
    .from(cashOutRequestItems)
    .innerJoin(transactions, eq(transactions.id, cashOutRequestItems.transactionId))
    .where(eq(cashOutRequestItems.requestId, requestId))
    .orderBy(asc(cashOutRequestItems.line));
}
