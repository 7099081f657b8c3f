"use server";
import { operatorAction } from "@/lib/actions/operator-action";
import { findCounter, saveCounterPreference } from "@/lib/db/queries/counters";
import { showChargeOnCounter } from "@/lib/displays/show-on-counter";
import { quickChargeExpiryMinutes, quickChargeSchema } from "@/lib/schemas/quick-charge";
import { createCashIn } from "@/lib/cash-in/create-cash-in";
import { chosenStoreWallet } from "@/lib/actions/store-choice";
import { msg } from "@/lib/i18n/message";

/**
 * Amount only, at the till: the payer sent to the wallet is the counter's default payer, and the
 * charge is the counter's store's (issue #49): its wallet makes it, its displays show it.
 */
export const createQuickChargeAction = operatorAction(
  { name: "cash_in.quick_charge", capability: "moveMoney", input: quickChargeSchema },
  async (input, { db, config, operator }) => {
    // A counter of a store the operator's role applies to; another store's is unknown.
    const counter = await findCounter(db, operator.storeGrants, input.counterId);
    if (!counter)
      return {
        ok: false,
        code: "INVALID_INPUT",
        error: msg("errors.counter.unknown"),
        fieldErrors: { counterId: [msg("errors.counter.unknown")] },
      };
    const store = await chosenStoreWallet({ db, config, operator }, counter.storeId, "cash_in.quick_charge");
    if (!store.ok) return store;
    const result = await createCashIn(
      { db, config, operator, wallet: store.wallet },
      {
        idempotencyKey: input.idempotencyKey,
        amount: input.amount,
        payerName: counter.defaultPayerName,
        payerEmail: counter.defaultPayerEmail,
        payerDocument: counter.defaultPayerDocument,
        payerPhone: undefined,
        invoiceDescription: counter.name,
        expireInMinutes: quickChargeExpiryMinutes,
        metadata: { counter: counter.name },
        externalReference: undefined,
        customCallbackUrl: undefined,
        showOnCounterId: counter.id,
        storeId: store.storeId,
      },
    );
    if (!result.ok) return { ok: false, code: "FAILED", error: result.error };
    await showChargeOnCounter(db, counter.id, result.transaction.id);
    await saveCounterPreference(db, operator.id, counter.id);
    // No revalidatePath: Next would render this form's page again into the answer, only for the
    // browser to leave it for the charge's page (the form renews its key: idempotency-keys.ts).
    return { ok: true, data: { transactionId: result.transaction.id } };
  },
);
