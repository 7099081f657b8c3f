// Does a callback body agree with the transaction its URL is bound to? Pure, so every rule is
// tested on its own. The first disagreement is the reason given; all of them are listed.
import type { TransactionRecord } from "@/lib/db/schema";
import type { CallbackTransactionSnapshot } from "@/lib/wallet/schemas";

export type BoundRow = Pick<TransactionRecord, "id" | "kind" | "creationState" | "walletTransactionId" | "amountCents" | "payerDocument">;

/** Documents are stored unformatted (digits, or letters and digits for the alphanumeric CNPJ). */
export function normaliseDocument(document: string): string {
  return document.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
}

export function bindingMismatches(row: BoundRow, snapshot: CallbackTransactionSnapshot): string[] {
  const problems: string[] = [];
  if (row.walletTransactionId !== null && snapshot.id !== row.walletTransactionId) {
    problems.push(`id: expected ${row.walletTransactionId}, got ${snapshot.id}`);
  }
  if (snapshot.value !== row.amountCents) problems.push(`value: expected ${row.amountCents}, got ${snapshot.value}`);
  if (snapshot.operation !== row.kind)
    problems.push(`operation: expected ${row.kind === "CASH_IN" ? "CASH_IN or CASHIN" : "CASH_OUT or CASHOUT"}, got ${snapshot.operation}`);
  if (row.kind === "CASH_IN" && row.payerDocument !== null) {
    const given = snapshot.payer?.document;
    if (typeof given !== "string") problems.push(`payer.document: expected ${row.payerDocument}, got nothing`);
    else if (normaliseDocument(given) !== normaliseDocument(row.payerDocument))
      problems.push(`payer.document: expected ${row.payerDocument}, got ${given}`);
  }
  if (row.creationState === "rejected") problems.push("transaction: the wallet refused its creation, so no callback can be genuine for it");
  return problems;
}
