"use server";
// "Show in full" on a transaction's detail page: the payer's e-mail, document and phone (cash-in)
// or the recipient's PIX key (cash-out) in full, for finance and admin only, each time audited
// (docs/personal-data.md). The page itself only ever renders them masked.
import { type ActionResult, operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { findTransaction } from "@/lib/db/queries/transactions";
import { msg } from "@/lib/i18n/message";
import { personalLineOf } from "@/lib/personal-data/exposure";
import { transactionReferenceSchema } from "@/lib/schemas/transaction-id";

export const revealPersonalDataAction = operatorAction(
  { name: "personal_data.reveal", capability: "revealPersonalData", input: transactionReferenceSchema },
  async ({ transactionId }, { db, operator }): Promise<ActionResult<{ text: string }>> => {
    const transaction = await findTransaction(db, operator.storeGrants, transactionId);
    if (!transaction || transaction.creationState === "creating") {
      return { ok: false, code: "INVALID_INPUT", error: msg("errors.personalData.unknownTransaction") };
    }
    const fields = [
      transaction.payerEmail && "payerEmail",
      transaction.payerDocument && "payerDocument",
      transaction.payerPhone && "payerPhone",
      transaction.pixKey && "pixKey",
    ].filter(Boolean);
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "personal_data.reveal",
      outcome: "success",
      target: { type: "transaction", id: transaction.id },
      details: { kind: transaction.kind, fields },
    });
    return { ok: true, data: { text: personalLineOf(transaction, "full") } };
  },
);
