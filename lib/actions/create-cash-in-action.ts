"use server";
import { operatorAction } from "@/lib/actions/operator-action";
import { assertOutboundUrl, OutboundUrlRefusedError } from "@/lib/net/outbound-fetch";
import { findCounter, saveCounterPreference } from "@/lib/db/queries/counters";
import { showChargeOnCounter } from "@/lib/displays/show-on-counter";
import { cashInFormSchema } from "@/lib/schemas/cash-in";
import { auditOutboundRefusal } from "@/lib/security/outbound-refusal";
import { createCashIn } from "@/lib/transactions/create-cash-in";
import { getWalletClient } from "@/lib/wallet/client";

export const createCashInAction = operatorAction(
  { name: "cash_in.create", capability: "moveMoney", input: cashInFormSchema },
  async (input, { db, config, operator }) => {
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
    const result = await createCashIn({ db, config, operator, wallet: getWalletClient() }, input);
    if (!result.ok) return { ok: false, code: "FAILED", error: result.error };
    // "Show on counter" is remembered per operator; the charge goes up on that counter's displays.
    const counter = input.showOnCounterId ? await findCounter(db, input.showOnCounterId) : undefined;
    // Independent writes, side by side (each on its own pooled connection on PostgreSQL).
    await Promise.all([
      counter ? showChargeOnCounter(db, counter.id, result.transactionId) : undefined,
      saveCounterPreference(db, operator.id, counter?.id ?? null),
    ]);
    // No revalidatePath: every dashboard page is rendered per request, and asking for one made Next
    // render this form page again into the response, only for the browser to leave it. The form
    // takes care of the one thing a kept copy could get wrong (its spent idempotency key on Back).
    return { ok: true, data: { transactionId: result.transactionId } };
  },
);
