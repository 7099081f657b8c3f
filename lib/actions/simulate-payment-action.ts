"use server";
import { and, eq } from "drizzle-orm";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { transactions } from "@/lib/db/schema";
import { transactionReferenceSchema } from "@/lib/schemas/transaction-id";
import { getWalletClient } from "@/lib/wallet/client";
import { isWalletError } from "@/lib/wallet/errors";
import { msg } from "@/lib/i18n/message";

export const simulatePaymentAction = operatorAction(
  { name: "sandbox.simulate_payment", capability: "simulatePayment", input: transactionReferenceSchema },
  async ({ transactionId }, { db, config, operator }) => {
    if (!config.wallet.isSandbox)
      return {
        ok: false,
        code: "FORBIDDEN",
        error: msg("errors.sandbox.simulateOnly"),
      };
    const [transaction] = await db
      .select({ walletTransactionId: transactions.walletTransactionId, status: transactions.status })
      .from(transactions)
      .where(and(eq(transactions.id, transactionId), eq(transactions.kind, "CASH_IN")));
    if (!transaction?.walletTransactionId) return { ok: false, code: "INVALID_INPUT", error: msg("errors.sandbox.chargeMissing") };
    let failure: { kind: string; message: string } | undefined;
    try {
      await getWalletClient().sandbox.payCashIn(transaction.walletTransactionId);
    } catch (error) {
      if (!isWalletError(error)) throw error;
      failure = { kind: error.kind, message: error.userMessage };
    }
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "sandbox.simulate_payment",
      outcome: failure ? "failure" : "success",
      target: { type: "transaction", id: transactionId },
      details: {
        walletTransactionId: transaction.walletTransactionId,
        ...(failure ? { walletErrorKind: failure.kind, message: failure.message } : {}),
      },
    });
    return failure ? { ok: false, code: "FAILED", error: failure.message } : { ok: true, data: null };
  },
);
