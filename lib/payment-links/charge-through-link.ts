// One payer's submission on a payment link's public page (issue #48): checks the amount against the
// link, then creates one cash-in through the one exactly-once path (lib/cash-in/create-cash-in.ts)
// with the submission's idempotency key, so a double tap makes one charge. Whether the link takes
// it (active, not ended, under its limit, room under the cap on pending charges) is decided in the
// transaction that claims the key, under the link's row lock: concurrent submissions are admitted
// one after the other and never pass a limit together. Every outcome is audited without the
// payer's personal data.
import "server-only";
import { recordAuditEvent } from "@/lib/audit";
import { type CreateCashInFailure, createCashIn } from "@/lib/cash-in/create-cash-in";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { lockPaymentLinkLoad } from "@/lib/db/queries/payment-links";
import type { PaymentLinkRecord } from "@/lib/db/schema/payment-links";
import { formatBRL } from "@/lib/format";
import { msg } from "@/lib/i18n/message";
import { maxDescriptionLength } from "@/lib/schemas/cash-in";
import { parseReaisToCents } from "@/lib/schemas/money";
import type { PaymentLinkSubmission } from "@/lib/schemas/payment-link";
import type { WalletClient } from "@/lib/wallet/client";
import { type PaymentLinkAvailability, paymentLinkAvailability, paymentLinkHasRoom } from "@/lib/vocabulary/payment-links";

/**
 * A link's charges that may still be paid, at most: past it the page says "try again in a moment"
 * rather than creating wallet charges without end (a bot filling the form from many addresses is
 * then bounded by this, whatever the per-address limit lets through).
 */
export const defaultPendingCapPerLink = 20;

export type LinkChargeRefusal = {
  ok: false;
  reason: Exclude<PaymentLinkAvailability, "open"> | "busy" | "in_progress" | "failed" | "invalid";
  fieldErrors?: Record<string, string[]>;
};
export type LinkChargeOutcome = { ok: true; transactionId: string; payerDisplayToken: string; replayed: boolean } | LinkChargeRefusal;

/** Who a link is in the ledger and the audit log: "payment_link:<id>", shown with its name and path. */
export function paymentLinkActor(link: Pick<PaymentLinkRecord, "id" | "name" | "slug">): { id: string; email: string } {
  return { id: `payment_link:${link.id}`, email: `Payment link "${link.name}" (/l/${link.slug})` };
}

/** The amount of this submission in cents, or the field error (a fixed link ignores what was sent). */
export function submittedAmount(
  link: PaymentLinkRecord,
  amount: string | undefined,
): { ok: true; cents: number } | { ok: false; error: string } {
  if (link.amountCents !== null) return { ok: true, cents: link.amountCents };
  const parsed = parseReaisToCents(amount ?? "");
  if (!parsed.ok) return parsed;
  const min = link.minAmountCents ?? 1;
  const max = link.maxAmountCents ?? min;
  if (parsed.cents < min || parsed.cents > max)
    return { ok: false, error: msg("errors.paymentLinks.amountOutOfRange", { min: formatBRL(min), max: formatBRL(max) }) };
  return parsed;
}

/**
 * One admission at a time per link in this process: the others wait here, in memory, instead of
 * each holding one of the pool's connections while blocked on the link's row lock (50 payers at
 * once would otherwise take every connection and starve the rest of the dashboard). Across
 * instances the row lock still orders them.
 */
const admissionQueues = new Map<string, Promise<unknown>>();

function oneAtATime(linkId: string) {
  return <T>(run: () => Promise<T>): Promise<T> => {
    const previous = admissionQueues.get(linkId) ?? Promise.resolve();
    const result = previous.then(run, run);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    admissionQueues.set(linkId, settled);
    void settled.then(() => {
      if (admissionQueues.get(linkId) === settled) admissionQueues.delete(linkId);
    });
    return result;
  };
}

/** `wallet`: the wallet of the link's store (lib/stores/wallet-for-store.ts). */
type Dependencies = { db: Database; config: AppConfig; wallet: WalletClient; now?: () => Date; pendingCap?: number };
/** What a charge attempt through a link audits besides the link's id (lib/audit/audit-actions.ts, payment_link.charge). */
type LinkChargeAuditDetails = { amountCents: number } | { reason: LinkChargeRefusal["reason"] | CreateCashInFailure };

export async function chargeThroughLink(
  { db, config, wallet, now = () => new Date(), pendingCap = defaultPendingCapPerLink }: Dependencies,
  link: PaymentLinkRecord,
  submission: PaymentLinkSubmission,
): Promise<LinkChargeOutcome> {
  const actor = paymentLinkActor(link);
  const audit = (outcome: "success" | "refused" | "failure", details: LinkChargeAuditDetails, transactionId?: string) =>
    recordAuditEvent(db, {
      actor,
      action: "payment_link.charge",
      outcome,
      target: transactionId ? { type: "transaction", id: transactionId } : { type: "payment_link", id: link.id },
      details: { paymentLinkId: link.id, ...details },
    });

  const amount = submittedAmount(link, submission.amount);
  if (!amount.ok) return { ok: false, reason: "invalid", fieldErrors: { amount: [amount.error] } };

  let refusal = undefined as LinkChargeRefusal | undefined;
  const result = await createCashIn(
    { db, config, wallet, operator: actor },
    {
      idempotencyKey: submission.idempotencyKey,
      amount: amount.cents,
      payerName: submission.payerName,
      payerEmail: submission.payerEmail,
      payerDocument: submission.payerDocument,
      payerPhone: undefined,
      invoiceDescription: (link.description ?? link.name).slice(0, maxDescriptionLength),
      expireInMinutes: link.chargeExpiryMinutes,
      metadata: { payment_link: link.slug },
      externalReference: undefined,
      customCallbackUrl: undefined,
      showOnCounterId: undefined,
      // The link's store (issue #49): the caller gives that store's wallet.
      storeId: link.storeId,
    },
    {
      paymentLinkId: link.id,
      serialize: oneAtATime(link.id),
      admit: async (tx) => {
        const locked = await lockPaymentLinkLoad(tx, link.id, now());
        if (!locked) {
          refusal = { ok: false, reason: "inactive" };
          return { error: msg("errors.paymentLinks.unknown"), retryable: false };
        }
        const availability = paymentLinkAvailability(locked.link, locked.load.paid, now());
        if (availability !== "open") {
          refusal = { ok: false, reason: availability };
          return { error: msg("errors.paymentLinks.unknown"), retryable: false };
        }
        if (!paymentLinkHasRoom(locked.link, locked.load, pendingCap)) {
          refusal = { ok: false, reason: "busy" };
          return { error: msg("errors.paymentLinks.unknown"), retryable: true };
        }
        return undefined;
      },
    },
  );
  if (result.ok) {
    // A replay is the same charge shown again: audited once, when it was created.
    if (!result.replayed) await audit("success", { amountCents: amount.cents }, result.transaction.id);
    if (!result.transaction.payerDisplayToken) return { ok: false, reason: "failed" };
    return {
      ok: true,
      transactionId: result.transaction.id,
      payerDisplayToken: result.transaction.payerDisplayToken,
      replayed: result.replayed,
    };
  }
  if (result.reason === "not_admitted" && refusal) {
    await audit("refused", { reason: refusal.reason });
    return refusal;
  }
  // The first tap of a double submission is still creating it: the caller may ask again shortly.
  if (result.reason === "in_progress") return { ok: false, reason: "in_progress" };
  await audit("failure", { reason: result.reason });
  return { ok: false, reason: "failed" };
}
