// What the public verification page may show for a code: the receipt's essentials (who received,
// how much, when, the wallet's id and the status now) and nothing more: no payer, document or key.
// A code that is forged, altered or names no paid transaction gets null, the same for each, so the
// page tells a guesser nothing about which transactions exist.
import type { Database } from "@/lib/db/client";
import { findReceiptRow } from "@/lib/db/queries/receipts";
import { hasReceipt, paidAt } from "./receipt";
import { verifyReceiptCode } from "./verification-code";
import { merchantWideScope } from "@/lib/vocabulary/store-scope";

export type ReceiptEssentials = {
  kind: "CASH_IN" | "CASH_OUT";
  amountCents: number;
  paidAt: Date;
  walletTransactionId: string;
  status: "SUCCEED";
};

export async function verifyReceipt(db: Database, authSecret: string, code: string): Promise<ReceiptEssentials | null> {
  const id = verifyReceiptCode(authSecret, code);
  if (!id) return null;
  const row = await findReceiptRow(db, merchantWideScope(), id);
  if (!row || !hasReceipt(row) || !row.walletTransactionId) return null;
  return {
    kind: row.kind,
    amountCents: row.amountCents,
    paidAt: paidAt(row),
    walletTransactionId: row.walletTransactionId,
    status: "SUCCEED",
  };
}
