"use server";
import { type ActionResult, operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { findWalletReference } from "@/lib/db/queries/transactions";
import { transactionReferenceSchema } from "@/lib/schemas/transaction-id";
import type { WalletStatus } from "@/lib/vocabulary/transaction-statuses";
import { walletForStore } from "@/lib/stores/wallet-for-store";
import { isWalletError } from "@/lib/wallet/errors";
import { msg } from "@/lib/i18n/message";

/**
 * What became of a simulated payment, for the page to say in the operator's language: paid, or
 * refused because the charge is already final at the wallet (paid, expired) — then with the
 * wallet's current status, which may be ahead of the callbacks received so far.
 */
export type SimulatedPayment = { outcome: "paid" } | { outcome: "already_final"; status: WalletStatus | null };

export const simulatePaymentAction = operatorAction(
  { name: "sandbox.simulate_payment", capability: "simulatePayment", input: transactionReferenceSchema },
  async ({ transactionId }, { db, config, operator }): Promise<ActionResult<SimulatedPayment>> => {
    if (!config.wallet.isSandbox)
      return {
        ok: false,
        code: "FORBIDDEN",
        error: msg("errors.sandbox.simulateOnly"),
      };
    const transaction = await findWalletReference(db, operator.storeGrants, transactionId, "CASH_IN");
    if (!transaction?.walletTransactionId) return { ok: false, code: "INVALID_INPUT", error: msg("errors.sandbox.chargeMissing") };
    // The wallet of the store the transaction was made for (issue #49).
    const wallet = await walletForStore(db, transaction.storeId);
    let failure: { kind: string; message: string; httpStatus?: number } | undefined;
    try {
      await wallet.sandbox.payCashIn(transaction.walletTransactionId);
    } catch (error) {
      if (!isWalletError(error)) throw error;
      failure = { kind: error.kind, message: error.userMessage, httpStatus: error.httpStatus };
    }
    // A 409 is the sandbox saying the charge is final (paid, or expired just now): not an error
    // for the operator, who needs the current state, not the wallet's wording.
    let finalStatus: WalletStatus | null | undefined;
    if (failure?.kind === "rejected" && failure.httpStatus === 409) {
      finalStatus = await wallet.sandbox.readTransaction(transaction.walletTransactionId).then(
        (current) => current.status,
        () => transaction.status,
      );
    }
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "sandbox.simulate_payment",
      outcome: failure ? "failure" : "success",
      target: { type: "transaction", id: transactionId },
      details: {
        walletTransactionId: transaction.walletTransactionId,
        ...(failure ? { walletErrorKind: failure.kind, message: failure.message } : {}),
        ...(finalStatus !== undefined ? { walletStatus: finalStatus } : {}),
      },
    });
    if (finalStatus !== undefined) return { ok: true, data: { outcome: "already_final", status: finalStatus } };
    return failure ? { ok: false, code: "FAILED", error: failure.message } : { ok: true, data: { outcome: "paid" } };
  },
);
