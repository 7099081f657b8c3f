// What a receipt is made of: one transaction's own fields, read from the ledger row (never from a
// summary table), and the paid transactions of a bulk batch for its ZIP.
import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { transactions } from "../schema";

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
};

export async function findReceiptRow(db: Database, id: string): Promise<ReceiptRow | undefined> {
  const [row] = await db.select(receiptColumns).from(transactions).where(eq(transactions.id, id));
  return row;
}
