"use server";
import { revalidatePath } from "next/cache";
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
    if (counter) await showChargeOnCounter(db, counter.id, result.transactionId);
    await saveCounterPreference(db, operator.id, counter?.id ?? null);
    revalidatePath("/transactions");
    return { ok: true, data: { transactionId: result.transactionId } };
  },
);
