// Sending a cash-out exactly once: the form's idempotency key is claimed in the ledger before the
// wallet is called, so any second submission of the same form finds that record and sends nothing.
// The direct path, approvals and payout batches all send through claimCashOutSend + sendClaimedCashOut.
import { msg } from "@/lib/i18n/message";
import "server-only";
import { eq } from "drizzle-orm";
import { recordAuditEvent, type AuditEntry } from "@/lib/audit";
import type { Operator } from "@/lib/auth/operator";
import { transactionCallbackUrl } from "@/lib/callbacks/callback-url";
import { stillUnsettled } from "@/lib/callbacks/still-unsettled";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { transactions, type TransactionRecord } from "@/lib/db/schema";
import { dailyLimitProblem } from "@/lib/cash-out/daily-limits";
import { lockApprovalPolicy } from "@/lib/db/queries/approval-policy";
import { logger } from "@/lib/logger";
import type { CashOutOrderOutput } from "@/lib/schemas/cash-out";
import { countTransactionStep } from "@/lib/observability/metrics";
import { classifyCreationFailure } from "@/lib/transactions/creation-outcome";
import { recordWalletCreation } from "@/lib/transactions/record-wallet-creation";
import type { WalletClient } from "@/lib/wallet/client";
import type { CashOutTransaction } from "@/lib/wallet/schemas";

export type CreateCashOutResult =
  | { ok: true; transactionId: string; replayed: boolean }
  | { ok: false; transactionId: string; reason: CashOutFailureReason; replayed: boolean; error: string };

/**
 * - rejected: the wallet refused it for certain, no money moved;
 * - outcome_unknown: the request may have reached the wallet (timeout, dropped connection, 5xx);
 * - in_progress: the first submission of this form is still waiting for the wallet;
 * - key_reused: this form's key already belongs to a different operation;
 * - over_limit: a daily limit would be exceeded, so nothing was recorded or sent.
 */
export type CashOutFailureReason = "rejected" | "outcome_unknown" | "in_progress" | "key_reused" | "over_limit";

/** `wallet` is the wallet of `storeId`, the store the cash-out is sent for (issue #49). */
type Dependencies = { db: Database; wallet: WalletClient; config: AppConfig; operator: Operator; storeId: string };

/** Encoded message keys (lib/i18n/message.ts), translated where they are shown. */
export const cashOutResultMessages = {
  alreadySubmitted: msg("errors.cashOut.alreadySubmitted"),
  stillSending: msg("errors.cashOut.stillSending"),
  differentCashOut: msg("errors.cashOut.differentCashOut"),
  unexpectedFailure: msg("errors.cashOut.unexpectedFailure"),
} as const;

/** What to send: the same shape the form produces (cents, normalised key, metadata object). */
export type CashOutOrder = CashOutOrderOutput;
/** The operator the ledger row belongs to (the one who asked for the cash-out). */
export type CashOutRequester = { id: string; email: string };

export class OverDailyLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OverDailyLimitError";
  }
}

/** The direct path: cash-outs under the approval threshold, sent as soon as the form is confirmed. */
export async function createCashOut(dependencies: Dependencies, input: CashOutOrder): Promise<CreateCashOutResult> {
  const { db, config, operator, storeId } = dependencies;
  // Claim the key and check the daily limits in one transaction that holds the policy lock: of any
  // number of concurrent submissions, exactly one inserts the row and goes on to call the wallet
  // (the unique index makes the others find it), and no two sends can exceed a limit together.
  let claimedId: string | undefined;
  try {
    claimedId = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.idempotencyKey, input.idempotencyKey));
      if (existing) return undefined;
      const policy = await lockApprovalPolicy(tx, { walletIsSandbox: config.wallet.isSandbox });
      const overLimit = await dailyLimitProblem(tx, policy, {
        operator,
        storeId,
        addCents: input.amount,
        counting: "committedOrAwaiting",
      });
      if (overLimit) throw new OverDailyLimitError(overLimit);
      return claimCashOutSend(tx, config, input, operator, storeId);
    });
  } catch (error) {
    if (!(error instanceof OverDailyLimitError)) throw error;
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "cash_out.create",
      outcome: "refused",
      details: { reason: "daily_limit", amountCents: input.amount, message: error.message },
    });
    return { ok: false, transactionId: "", reason: "over_limit", replayed: false, error: error.message };
  }

  if (!claimedId) return replayExisting(dependencies, input);
  return sendClaimedCashOut(dependencies, input, claimedId, { actor: operator, action: "cash_out.create" });
}

/**
 * Claims the send of one cash-out: inserts its ledger row (state "creating") under the order's
 * idempotency key. Returns the row's id, or undefined when that key was already claimed. Call it
 * inside the transaction that checked the limits, so the check and the claim commit together.
 * The row belongs to `storeId`, whose wallet sends it (issue #49).
 */
export async function claimCashOutSend(
  tx: Pick<Database, "insert">,
  config: AppConfig,
  order: CashOutOrder,
  requester: CashOutRequester,
  storeId: string,
): Promise<string | undefined> {
  const [claimed] = await tx
    .insert(transactions)
    .values({
      kind: "CASH_OUT",
      creationState: "creating",
      amountCents: order.amount,
      pixKeyType: order.pixKey.type,
      pixKey: order.pixKey.key,
      externalReference: order.externalReference ?? null,
      metadata: order.metadata,
      idempotencyKey: order.idempotencyKey,
      createdByUserId: requester.id,
      createdByEmail: requester.email,
      isSandbox: config.wallet.isSandbox,
      storeId,
    })
    .onConflictDoNothing({ target: transactions.idempotencyKey })
    .returning({ id: transactions.id });
  return claimed?.id;
}

/** The wallet request for a cash-out: built here only, for the direct path, approvals and batches. */
export function walletCashOutRequest(config: AppConfig, order: CashOutOrder, transactionId: string) {
  return {
    value: order.amount,
    // Its own URL, bound to this ledger row (lib/callbacks/callback-url.ts).
    callbackUrl: transactionCallbackUrl(config, transactionId),
    pixDestinyType: order.pixKey.type,
    pixDestinyKey: order.pixKey.key,
    ...(Object.keys(order.metadata).length ? { metadata: order.metadata } : {}),
    ...(order.externalReference ? { externalReference: order.externalReference } : {}),
  };
}

type SendAudit = {
  actor: CashOutRequester;
  action: "cash_out.create" | "cash_out.send";
  details?: { requestId?: string; line?: number; batch?: boolean; requestedByEmail?: string };
};

/**
 * Calls the wallet for a ledger row claimed by claimCashOutSend, once, and records its answer.
 * The direct path, an approval and the batch sender all send through here.
 */
export async function sendClaimedCashOut(
  { db, wallet, config }: Pick<Dependencies, "db" | "wallet" | "config">,
  input: CashOutOrder,
  transactionId: string,
  auditAs: SendAudit,
): Promise<CreateCashOutResult> {
  const audit = (entry: Omit<AuditEntry<"cash_out.create" | "cash_out.send">, "actor" | "action" | "target">) =>
    recordAuditEvent(db, {
      actor: { id: auditAs.actor.id, email: auditAs.actor.email },
      action: auditAs.action,
      target: { type: "transaction", id: transactionId },
      ...entry,
    });
  const summary = {
    amountCents: input.amount,
    pixKeyType: input.pixKey.type,
    externalReference: input.externalReference ?? null,
    ...auditAs.details,
  };

  let created: CashOutTransaction;
  try {
    created = await wallet.createCashOut(walletCashOutRequest(config, input, transactionId));
  } catch (error) {
    // The one rule (lib/transactions/creation-outcome.ts): only a refusal the wallet is sure of
    // means no money moved. Anything else (timeout, dropped connection, 5xx, or a surprise on our
    // side) may have sent it: the record says so and stays, so a retry finds it instead of sending again.
    const failure = classifyCreationFailure(error);
    countTransactionStep("CASH_OUT", failure.outcome === "refused" ? "refused" : "outcome_unknown", input.amount);
    const { creationState } = failure;
    const message = failure.walletMessage ?? cashOutResultMessages.unexpectedFailure;
    if (failure.walletMessage === undefined)
      logger.error({ err: error, transactionId }, "cash-out: unexpected error around the wallet call");
    await db
      .update(transactions)
      .set({ creationState, failureMessage: message, updatedAt: new Date() })
      .where(stillUnsettled(transactionId));
    await audit({ outcome: "failure", details: { ...summary, creationState, message, ...failure.audit } });
    return { ok: false, transactionId, reason: creationState, replayed: false, error: message };
  }

  try {
    await recordWalletCreation(db, config, transactionId, created);
  } catch (error) {
    // The money is on its way but our record could not say so. The row stays "creating", which
    // already blocks a resend; the operator needs the wallet's id to follow it up.
    logger.error(
      { err: error, transactionId, walletTransactionId: created.id },
      "cash-out: the wallet created it but the ledger update failed",
    );
    const message = msg("errors.cashOut.recordFailed", { walletId: created.id });
    await audit({ outcome: "failure", details: { ...summary, walletTransactionId: created.id, creationState: "creating", message } }).catch(
      () => {},
    );
    return { ok: false, transactionId, reason: "in_progress", replayed: false, error: message };
  }
  await audit({ outcome: "success", details: { ...summary, walletTransactionId: created.id } });
  return { ok: true, transactionId, replayed: false };
}

/** A second submission of the same form: report what became of the first, never call the wallet. */
async function replayExisting({ db, operator, storeId }: Dependencies, input: CashOutOrder): Promise<CreateCashOutResult> {
  const [existing] = await db.select().from(transactions).where(eq(transactions.idempotencyKey, input.idempotencyKey));
  if (!existing) throw new Error("idempotency key conflict without a row"); // cannot happen: rows are never deleted
  const result = replayResult(existing, input, storeId);
  await recordAuditEvent(db, {
    actor: { id: operator.id, email: operator.email },
    action: "cash_out.create",
    outcome: result.ok ? "success" : "failure",
    target: { type: "transaction", id: existing.id },
    details: {
      replayed: true,
      creationState: existing.creationState,
      amountCents: input.amount,
      pixKeyType: input.pixKey.type,
      ...(result.ok ? {} : { message: result.error }),
    },
  });
  return result;
}

function replayResult(existing: TransactionRecord, input: CashOutOrder, storeId: string): CreateCashOutResult {
  const sameCashOut =
    existing.kind === "CASH_OUT" &&
    existing.amountCents === input.amount &&
    existing.pixKeyType === input.pixKey.type &&
    existing.pixKey === input.pixKey.key &&
    existing.storeId === storeId;
  const replay = { transactionId: existing.id, replayed: true } as const;
  if (!sameCashOut) return { ok: false, ...replay, reason: "key_reused", error: cashOutResultMessages.differentCashOut };
  switch (existing.creationState) {
    case "created":
      return { ok: true, ...replay };
    case "creating":
      return { ok: false, ...replay, reason: "in_progress", error: cashOutResultMessages.stillSending };
    case "rejected":
    case "outcome_unknown":
      return {
        ok: false,
        ...replay,
        reason: existing.creationState,
        error: existing.failureMessage
          ? msg("errors.cashOut.alreadySubmittedBecause", { reason: existing.failureMessage })
          : cashOutResultMessages.alreadySubmitted,
      };
  }
}
