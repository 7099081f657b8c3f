"use server";
// Sandbox only (qa and admin): expire a pending charge, or settle / fail a pending cash-out, now.
// The wallet then sends its callback as for any status change; the ledger follows it from there.
import { type ActionResult, operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { findWalletReference } from "@/lib/db/queries/transactions";
import { kindOfSandboxStatusChange, sandboxStatusChangeSchema } from "@/lib/schemas/sandbox-control";
import type { WalletStatus } from "@/lib/vocabulary/transaction-statuses";
import { walletForStore } from "@/lib/stores/wallet-for-store";
import { isWalletError } from "@/lib/wallet/errors";
import { msg } from "@/lib/i18n/message";

/** "changed": the wallet now has this status; "already_final": nothing changed, it already had this one. */
export type SandboxStatusChangeResult = { outcome: "changed" | "already_final"; status: WalletStatus | null };

export const changeSandboxStatusAction = operatorAction(
  { name: "sandbox.change_status", capability: "useSandboxTools", input: sandboxStatusChangeSchema },
  async ({ transactionId, change }, { db, config, operator }): Promise<ActionResult<SandboxStatusChangeResult>> => {
    if (!config.wallet.isSandbox) return { ok: false, code: "FORBIDDEN", error: msg("errors.sandbox.statusChangeOnly") };
    const transaction = await findWalletReference(db, operator.storeGrants, transactionId, kindOfSandboxStatusChange[change]);
    if (!transaction?.walletTransactionId) return { ok: false, code: "INVALID_INPUT", error: msg("errors.sandbox.transactionMissing") };
    // The wallet of the store the transaction was made for (issue #49).
    const wallet = await walletForStore(db, transaction.storeId);
    const audit = (outcome: "success" | "failure", details: Record<string, unknown>) =>
      recordAuditEvent(db, {
        actor: { id: operator.id, email: operator.email },
        action: "sandbox.change_status",
        outcome,
        target: { type: "transaction", id: transactionId },
        details: { walletTransactionId: transaction.walletTransactionId, change, ...details },
      });
    try {
      const changed = await wallet.sandbox.changeStatus(change, transaction.walletTransactionId);
      await audit("success", { walletStatus: changed.status });
      return { ok: true, data: { outcome: "changed", status: changed.status } };
    } catch (error) {
      if (!isWalletError(error)) throw error;
      // 409: final already (or, for a charge, expired as it was asked): say which status it has.
      const status =
        error.kind === "rejected" && error.httpStatus === 409
          ? await wallet.sandbox.readTransaction(transaction.walletTransactionId).then(
              (current) => current.status,
              () => null,
            )
          : null;
      await audit("failure", { walletErrorKind: error.kind, message: error.userMessage, walletStatus: status });
      if (status) return { ok: true, data: { outcome: "already_final", status } };
      return { ok: false, code: "FAILED", error: error.userMessage };
    }
  },
);
