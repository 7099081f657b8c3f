// Creating a cash-in: record it locally (with who asked) before calling the wallet, then store
// the wallet's answer. A form submitted twice finds its first record instead of charging twice; a
// wallet refusal leaves no row behind that could pass for a real charge.
import { msg } from "@/lib/i18n/message";
import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { recordAuditEvent } from "@/lib/audit";
import type { Operator } from "@/lib/auth/operator";
import { transactionCallbackUrl } from "@/lib/callbacks/callback-url";
import { stillUnsettled } from "@/lib/callbacks/still-unsettled";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { transactions } from "@/lib/db/schema";
import type { TransactionRecord } from "@/lib/db/schema/transactions";
import type { CashInFormOutput } from "@/lib/schemas/cash-in";
import { countTransactionStep } from "@/lib/observability/metrics";
import { classifyCreationFailure } from "@/lib/transactions/creation-outcome";
import { recordWalletCreation } from "@/lib/transactions/record-wallet-creation";
import type { WalletClient } from "@/lib/wallet/client";
import { logger } from "@/lib/logger";
import type { CashInTransaction } from "@/lib/wallet/schemas";

/**
 * Why it failed: in_progress (the first submission with this key is still creating it),
 * outcome_unknown (the wallet never confirmed it: it may exist, lib/transactions/creation-outcome.ts),
 * rejected (the wallet refused it for certain: nothing was created), record_failed (the wallet
 * created it but the ledger update failed).
 */
export type CreateCashInFailure = "in_progress" | "outcome_unknown" | "rejected" | "record_failed" | "not_admitted";
export type CreateCashInResult =
  | { ok: true; transaction: TransactionRecord; replayed: boolean }
  | { ok: false; error: string; retryable: boolean; reason: Exclude<CreateCashInFailure, "outcome_unknown"> }
  /** The ledger row stays, in creation state outcome_unknown, until a callback or a person settles it. */
  | { ok: false; error: string; retryable: false; reason: "outcome_unknown"; transaction: TransactionRecord; replayed: boolean };

/** Who asks: an operator, or an API key as its actor (lib/api-keys/manage-api-keys.ts, apiKeyActor). */
type Dependencies = { db: Database; wallet: WalletClient; config: AppConfig; operator: Pick<Operator, "id" | "email"> };

/**
 * A charge made for a payment link's public page (lib/payment-links/): its link, and the admission
 * check run in the transaction that claims the idempotency key, under the link's row lock, so that
 * concurrent submissions cannot together pass a limit. `admit` answers undefined to admit, or an
 * encoded message key saying why not (then nothing is inserted). A key already claimed is never
 * checked again: a double submission replays its first answer.
 */
export type CashInAdmission = {
  paymentLinkId: string;
  admit: (tx: Pick<Database, "select" | "insert" | "update" | "execute">) => Promise<{ error: string; retryable: boolean } | undefined>;
  /**
   * Runs the claiming transaction, e.g. one at a time per link in this process, so that requests
   * waiting for the row lock wait in memory rather than each holding a pooled connection.
   */
  serialize?: <T>(run: () => Promise<T>) => Promise<T>;
};

/** The charge to make; `storeId` only where a store is chosen (the cash-in form), else the first store. */
export type CashInInput = Omit<CashInFormOutput, "storeId"> & { storeId?: string };

export async function createCashIn(
  { db, wallet, config, operator }: Dependencies,
  input: CashInInput,
  admission?: CashInAdmission,
): Promise<CreateCashInResult> {
  const actor = { id: operator.id, email: operator.email };
  const claim = async (tx: Pick<Database, "insert">) =>
    tx
      .insert(transactions)
      .values({
        kind: "CASH_IN",
        creationState: "creating",
        amountCents: input.amount,
        payerName: input.payerName,
        payerEmail: input.payerEmail,
        payerDocument: input.payerDocument,
        payerPhone: input.payerPhone ?? null,
        invoiceDescription: input.invoiceDescription ?? null,
        externalReference: input.externalReference ?? null,
        metadata: input.metadata,
        customCallbackUrl: input.customCallbackUrl ?? null,
        expireInMinutes: input.expireInMinutes,
        idempotencyKey: input.idempotencyKey,
        createdByUserId: operator.id,
        createdByEmail: operator.email,
        isSandbox: config.wallet.isSandbox,
        paymentLinkId: admission?.paymentLinkId ?? null,
        // The caller made the charge with this store's wallet (lib/stores/wallet-for-store.ts); none: the first store (the column's default).
        ...(input.storeId ? { storeId: input.storeId } : {}),
      })
      .onConflictDoNothing({ target: transactions.idempotencyKey })
      .returning({ id: transactions.id });

  let claimed: { id: string } | undefined;
  if (!admission) [claimed] = await claim(db);
  else {
    // A key already claimed is replayed without asking again (outside the transaction: the lock is
    // held for the admission's own statements only). Two first taps racing past this both reach
    // the insert, where the unique key lets one through and sends the other to the replay below.
    const [existing] = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.idempotencyKey, input.idempotencyKey));
    const outcome = existing
      ? { claimed: undefined }
      : await (admission.serialize ?? ((run) => run()))(() =>
          db.transaction(async (tx) => {
            const refusal = await admission.admit(tx);
            if (refusal) {
              // The same key's first tap may have been admitted while this one waited for the lock:
              // then this is a replay, not a refusal.
              const [claimedMeanwhile] = await tx
                .select({ id: transactions.id })
                .from(transactions)
                .where(eq(transactions.idempotencyKey, input.idempotencyKey));
              return claimedMeanwhile ? { claimed: undefined } : { refusal };
            }
            const [row] = await claim(tx);
            return { claimed: row };
          }),
        );
    if ("refusal" in outcome && outcome.refusal)
      return { ok: false, retryable: outcome.refusal.retryable, reason: "not_admitted", error: outcome.refusal.error };
    claimed = outcome.claimed;
  }

  if (!claimed) {
    const [existing] = await db.select().from(transactions).where(eq(transactions.idempotencyKey, input.idempotencyKey));
    if (existing?.kind === "CASH_IN" && existing.creationState === "created") return { ok: true, transaction: existing, replayed: true };
    if (existing?.kind === "CASH_IN" && existing.creationState === "outcome_unknown") {
      return {
        ok: false,
        retryable: false,
        reason: "outcome_unknown",
        transaction: existing,
        replayed: true,
        error: msg("errors.cashIn.alreadyOutcomeUnknown"),
      };
    }
    return { ok: false, retryable: false, reason: "in_progress", error: msg("errors.cashIn.stillCreating") };
  }

  let created: CashInTransaction;
  try {
    created = await wallet.createCashIn({
      value: input.amount,
      callbackUrl: input.customCallbackUrl ?? transactionCallbackUrl(config, claimed.id),
      payer: {
        name: input.payerName,
        email: input.payerEmail,
        document: input.payerDocument,
        ...(input.payerPhone ? { phone: input.payerPhone } : {}),
      },
      expireInMinutes: input.expireInMinutes,
      ...(input.invoiceDescription ? { invoiceDescription: input.invoiceDescription } : {}),
      ...(Object.keys(input.metadata).length ? { metadata: input.metadata } : {}),
      ...(input.externalReference ? { externalReference: input.externalReference } : {}),
    });
  } catch (error) {
    // The one rule (lib/transactions/creation-outcome.ts): only a certain refusal means no charge.
    const failure = classifyCreationFailure(error);
    countTransactionStep("CASH_IN", failure.outcome === "refused" ? "refused" : "outcome_unknown", input.amount);
    if (failure.walletMessage === undefined)
      logger.error({ err: error, transactionId: claimed.id }, "cash-in: unexpected error around the wallet call");
    const audit = (
      outcome: "failure" | "success",
      message: string,
      creationState: "rejected" | "outcome_unknown" | "created" = failure.creationState,
    ) =>
      recordAuditEvent(db, {
        actor,
        action: "cash_in.create",
        outcome,
        target: { type: "transaction", id: claimed.id },
        details: { amountCents: input.amount, ...failure.audit, creationState, message },
      });
    if (failure.outcome === "refused") {
      // A refusal leaves no row behind that could pass for a real charge; the same form may be sent again.
      await db.delete(transactions).where(stillUnsettled(claimed.id));
      const message = failure.walletMessage ?? msg("errors.cashIn.unexpectedFailure");
      await audit("failure", message);
      return { ok: false, retryable: true, reason: "rejected", error: message };
    }
    // The wallet may have created it: keep the row (its own callback URL can still settle it), say
    // so, and never call the wallet again for this key.
    const message = failure.walletMessage
      ? msg("errors.cashIn.outcomeUnknown", { reason: failure.walletMessage })
      : msg("errors.cashIn.unexpectedFailure");
    const [unknown] = await db
      .update(transactions)
      .set({ creationState: "outcome_unknown", failureMessage: message, updatedAt: new Date() })
      .where(stillUnsettled(claimed.id))
      .returning();
    // Not updated: its callback arrived first and settled the row, so the charge is confirmed.
    const row = unknown ?? (await db.select().from(transactions).where(eq(transactions.id, claimed.id)))[0];
    if (!row) throw new Error("the claimed cash-in row disappeared");
    if (row.creationState === "created") {
      await audit("success", message, row.creationState);
      return { ok: true, transaction: row, replayed: false };
    }
    await audit("failure", message);
    return { ok: false, retryable: false, reason: "outcome_unknown", transaction: row, replayed: false, error: message };
  }

  // The charge exists at the wallet from here on: a failure to record it keeps the row (still
  // "creating", which blocks a second submission of this form) and says so.
  const walletCreatedAt = new Date(created.createdAt);
  let recorded: TransactionRecord;
  try {
    const row = await recordWalletCreation(db, config, claimed.id, created, {
      codeCopyPaste: created.codeCopyPaste,
      qrcodeImage: created.qrcodeImage,
      payerDisplayToken: randomBytes(24).toString("base64url"),
      expiresAt: new Date(walletCreatedAt.getTime() + input.expireInMinutes * 60_000),
    });
    // Only this request deletes its claimed row, and only on a wallet error: gone here means broken.
    if (!row) throw new Error("the claimed row was not found to record the wallet's answer");
    recorded = row;
  } catch (error) {
    logger.error(
      { err: error, transactionId: claimed.id, walletTransactionId: created.id },
      "cash-in: the wallet created it but the ledger update failed",
    );
    return {
      ok: false,
      retryable: false,
      reason: "record_failed",
      error: msg("errors.cashIn.recordFailed", { walletId: created.id }),
    };
  }
  await recordAuditEvent(db, {
    actor,
    action: "cash_in.create",
    outcome: "success",
    target: { type: "transaction", id: claimed.id },
    details: { walletTransactionId: created.id, amountCents: input.amount, externalReference: input.externalReference ?? null },
  });
  return { ok: true, transaction: recorded, replayed: false };
}
