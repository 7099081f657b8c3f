"use server";
// Sandbox only: asks the wallet to re-send a transaction's callback, optionally to a new URL.
import { revalidatePath } from "next/cache";
import { type ActionResult, operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { findTransactionByWalletId } from "@/lib/db/queries/callback-deliveries";
import { walletForStore } from "@/lib/stores/wallet-for-store";
import { assertOutboundUrl, OutboundUrlRefusedError } from "@/lib/net/outbound-fetch";
import { auditOutboundRefusal } from "@/lib/security/outbound-refusal";
import { resendCallbackSchema } from "@/lib/schemas/resend-callback";
import { getWalletClient, type WalletClient } from "@/lib/wallet/client";
import { isWalletError } from "@/lib/wallet/errors";
import { msg } from "@/lib/i18n/message";
import { storeScopeAllows } from "@/lib/vocabulary/store-scope";

/**
 * Where the resend went and which callback log it produced. The spec's resend answers no log id;
 * the sandbox lists a transaction's logs, so the new one is looked up there ("not_yet" when the
 * wallet had not written it within a few seconds, "unavailable" when the wallet cannot list logs).
 */
export type ResendOutcome = {
  sentTo: "own_url" | "new_url";
  newCallbackUrl: string | null;
  callbackLogId: string | null;
  logLookup: "found" | "not_yet" | "unavailable";
};

const logLookupTimeoutMs = 3_000;
const logLookupIntervalMs = 150;

/** The first callback log written for this transaction since `since` (to `url` when given). */
async function findNewCallbackLog(
  wallet: WalletClient,
  walletTransactionId: string,
  since: Date,
  url: string | undefined,
): Promise<Pick<ResendOutcome, "callbackLogId" | "logLookup">> {
  const deadline = Date.now() + logLookupTimeoutMs;
  for (;;) {
    let logs: Awaited<ReturnType<WalletClient["sandbox"]["listCallbackLogs"]>>;
    try {
      logs = await wallet.sandbox.listCallbackLogs(walletTransactionId);
    } catch (error) {
      if (!isWalletError(error)) throw error;
      return { callbackLogId: null, logLookup: "unavailable" };
    }
    // Oldest first among the new ones: the resend's first attempt, not a later retry.
    const created = logs
      .filter((log) => new Date(log.createdAt).getTime() >= since.getTime() && (url === undefined || log.url === url))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    if (created[0]) return { callbackLogId: created[0].id, logLookup: "found" };
    if (Date.now() >= deadline) return { callbackLogId: null, logLookup: "not_yet" };
    await new Promise((resolve) => setTimeout(resolve, logLookupIntervalMs));
  }
}

export const resendCallbackAction = operatorAction(
  { name: "sandbox.resend_callback", capability: "useSandboxTools", input: resendCallbackSchema },
  async ({ walletTransactionId, newCallbackUrl }, { db, config, operator }): Promise<ActionResult<ResendOutcome>> => {
    if (!config.wallet.isSandbox) return { ok: false, code: "FORBIDDEN", error: msg("errors.sandbox.resendOnly") };
    const found = await findTransactionByWalletId(db, walletTransactionId);
    // Another store's transaction is as unknown; and an operator of some stores only may resend only
    // a transaction of theirs (an unknown wallet id would go to the settings' wallet, the first store's).
    const local = found && storeScopeAllows(operator.storeGrants, found.storeId) ? found : undefined;
    if (!local && !operator.storeGrants.all) return { ok: false, code: "INVALID_INPUT", error: msg("errors.transaction.unknown") };
    const localId = local?.id;
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
    // The wallet that made the transaction (its store's, issue #49); one unknown here, the settings' wallet.
    const wallet = local ? await walletForStore(db, local.storeId, config) : getWalletClient();
    // The sandbox's clock is this machine's (embedded) or close to it; a second of slack for rounding.
    const since = new Date(Date.now() - 1_000);
    try {
      await wallet.resendCallback({ id: walletTransactionId, ...(newCallbackUrl ? { newCallbackUrl } : {}) });
    } catch (error) {
      if (!isWalletError(error)) throw error;
      await audit("failure", { walletErrorKind: error.kind, message: error.userMessage });
      return { ok: false, code: "FAILED", error: error.userMessage };
    }
    const log = await findNewCallbackLog(wallet, walletTransactionId, since, newCallbackUrl);
    await audit("success", { callbackLogId: log.callbackLogId });
    if (localId) revalidatePath(`/transactions/${localId}`);
    const outcome: ResendOutcome = {
      sentTo: newCallbackUrl ? "new_url" : "own_url",
      newCallbackUrl: newCallbackUrl ?? null,
      ...log,
    };
    return { ok: true, data: outcome };
  },
);
