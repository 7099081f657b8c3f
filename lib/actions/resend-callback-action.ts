"use server";
// Sandbox only: asks the wallet to re-send a transaction's callback, optionally to a new URL.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { findTransactionIdByWalletId } from "@/lib/db/queries/callback-deliveries";
import { assertOutboundUrl, OutboundUrlRefusedError } from "@/lib/net/outbound-fetch";
import { auditOutboundRefusal } from "@/lib/security/outbound-refusal";
import { resendCallbackSchema } from "@/lib/schemas/resend-callback";
import { getWalletClient } from "@/lib/wallet/client";
import { isWalletError } from "@/lib/wallet/errors";
import { msg } from "@/lib/i18n/message";

export const resendCallbackAction = operatorAction(
  { name: "sandbox.resend_callback", capability: "useSandboxTools", input: resendCallbackSchema },
  async ({ walletTransactionId, newCallbackUrl }, { db, config, operator }) => {
    if (!config.wallet.isSandbox) return { ok: false, code: "FORBIDDEN", error: msg("errors.sandbox.resendOnly") };
    const localId = await findTransactionIdByWalletId(db, walletTransactionId);
    if (newCallbackUrl) {
      // The wallet will POST there on our behalf: same SSRF rules as our own requests.
      try {
        await assertOutboundUrl(newCallbackUrl, config);
      } catch (error) {
        if (!(error instanceof OutboundUrlRefusedError)) throw error;
        const message = await auditOutboundRefusal(db, {
          action: "sandbox.resend_callback",
          actor: { id: operator.id, email: operator.email },
          target: { type: "transaction", id: localId ?? walletTransactionId },
          error,
        });
        return { ok: false, code: "INVALID_INPUT", error: message, fieldErrors: { newCallbackUrl: [message] } };
      }
    }
    const audit = (outcome: "success" | "failure", details: Record<string, unknown> = {}) =>
      recordAuditEvent(db, {
        actor: { id: operator.id, email: operator.email },
        action: "sandbox.resend_callback",
        outcome,
        target: { type: "transaction", id: localId ?? walletTransactionId },
        details: { walletTransactionId, newCallbackUrl: newCallbackUrl ?? null, ...details },
      });
    try {
      await getWalletClient().resendCallback({ id: walletTransactionId, ...(newCallbackUrl ? { newCallbackUrl } : {}) });
    } catch (error) {
      if (!isWalletError(error)) throw error;
      await audit("failure", { walletErrorKind: error.kind, message: error.userMessage });
      return { ok: false, code: "FAILED", error: error.userMessage };
    }
    await audit("success");
    if (localId) revalidatePath(`/transactions/${localId}`);
    return { ok: true, data: null };
  },
);
