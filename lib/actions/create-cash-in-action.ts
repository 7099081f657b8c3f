"use server";
import { operatorAction } from "@/lib/actions/operator-action";
import { assertOutboundUrl, OutboundUrlRefusedError } from "@/lib/net/outbound-fetch";
import { findCounter, saveCounterPreference } from "@/lib/db/queries/counters";
import { showChargeOnCounter } from "@/lib/displays/show-on-counter";
import { logger } from "@/lib/logger";
import { cashInFormSchema } from "@/lib/schemas/cash-in";
import { auditOutboundRefusal } from "@/lib/security/outbound-refusal";
import { getLocale } from "@/lib/i18n/locale";
import { cashInResultModel } from "@/lib/cash-in/cash-in-result-model";
import { createCashIn } from "@/lib/cash-in/create-cash-in";
import { chosenStoreWallet } from "@/lib/actions/store-choice";
import { msg } from "@/lib/i18n/message";

export const createCashInAction = operatorAction(
  { name: "cash_in.create", capability: "moveMoney", input: cashInFormSchema },
  async (input, { db, config, operator }) => {
    // The store chosen on the form (issue #49): its wallet makes the charge, and its callback is
    // trusted for it. The counter to show it on is looked up meanwhile: it must be that store's.
    const [store, counter] = await Promise.all([
      chosenStoreWallet({ db, config, operator }, input.storeId, "cash_in.create"),
      input.showOnCounterId ? findCounter(db, operator.storeGrants, input.showOnCounterId) : undefined,
    ]);
    if (!store.ok) return store;
    const { storeId, wallet } = store;
    if (input.showOnCounterId && counter?.storeId !== storeId) {
      // Refused before the wallet is asked: nothing is created.
      const refusal = msg(counter ? "errors.counter.otherStore" : "errors.counter.unknown");
      return { ok: false, code: "INVALID_INPUT", error: refusal, fieldErrors: { showOnCounterId: [refusal] } };
    }
    if (input.customCallbackUrl) {
      // The wallet will POST the payment's callbacks there: same SSRF rules as our own requests.
      try {
        await assertOutboundUrl(input.customCallbackUrl, config);
      } catch (error) {
        if (!(error instanceof OutboundUrlRefusedError)) throw error;
        const message = await auditOutboundRefusal(db, {
          action: "cash_in.create",
          actor: { id: operator.id, email: operator.email },
          error,
        });
        return { ok: false, code: "INVALID_INPUT", error: message, fieldErrors: { customCallbackUrl: [message] } };
      }
    }
    // "Show on counter" is remembered per operator, as submitted: a convenience, not part of the
    // charge, so it is saved while the wallet is asked (no wait of its own) and a failure to save
    // it is logged, never reported as a failed charge.
    const preferenceSaved = saveCounterPreference(db, operator.id, counter?.id ?? null).catch((error: unknown) =>
      logger.warn({ err: error, operatorId: operator.id }, "cash-in: the counter choice was not remembered"),
    );
    const result = await createCashIn({ db, config, operator, wallet }, { ...input, storeId });
    await preferenceSaved;
    if (!result.ok) return { ok: false, code: "FAILED", error: result.error };
    // The charge goes up on that counter's displays.
    if (counter) await showChargeOnCounter(db, counter.id, result.transaction.id);
    // No revalidatePath: every dashboard page is rendered per request, and asking for one made Next
    // render this form page again into the response, only for the browser to leave it. The form
    // takes care of the one thing a kept copy could get wrong (its spent idempotency key on Back).
    // The answer carries the charge as the result page shows it, so the form shows it at once
    // rather than fetching that page (a second round trip, with its own session lookup).
    const locale = await getLocale();
    return {
      ok: true,
      data: { transactionId: result.transaction.id, charge: cashInResultModel(result.transaction, { locale, operator, config }) },
    };
  },
);
