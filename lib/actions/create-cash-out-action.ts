"use server";
// Sends a cash-out once per form (finance and admin only), or saves it for a second operator's
// approval when the policy asks for one. The session, role and input are checked again here,
// because a server action is a public endpoint whatever the page showed.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { submitCashOut } from "@/lib/cash-out/cash-out-requests";
import { cashOutFormSchema } from "@/lib/schemas/cash-out";
import { chosenStoreWallet } from "@/lib/actions/store-choice";

export type CashOutSubmitted = { transactionId: string; requestId?: undefined } | { requestId: string; transactionId?: undefined };

export const createCashOutAction = operatorAction(
  { name: "cash_out.create", capability: "moveMoney", input: cashOutFormSchema, stepUp: "money" },
  async ({ storeId: chosenStoreId, ...order }, { db, config, operator }) => {
    // The store chosen on the form (issue #49): its wallet sends the money, and the request or the cash-out is its.
    const store = await chosenStoreWallet({ db, config, operator }, chosenStoreId, "cash_out.create");
    if (!store.ok) return store;
    const submitted = await submitCashOut({ db, config, ...store }, operator, order);
    if (submitted.outcome === "refused") {
      // Nothing was recorded (a daily limit, or a reused form): the amount field says why.
      return { ok: false, code: "INVALID_INPUT", error: submitted.error, fieldErrors: { amount: [submitted.error] } };
    }
    // A success sends the browser to the new record's page (the request, or the cash-out), which is
    // rendered fresh: no revalidatePath here, which would have Next render this form's page into the
    // answer only for the browser to leave it (the form renews its spent key if Back brings it again).
    if (submitted.outcome === "awaiting_approval")
      return { ok: true, data: { requestId: submitted.requestId } satisfies CashOutSubmitted as CashOutSubmitted };
    const { result } = submitted;
    // A failure left a record (refused or unknown) and the operator stays on the form: its page's
    // recent cash-outs must show it.
    if (!result.ok) revalidatePath("/cash-out");
    if (!result.ok && result.reason === "over_limit")
      return { ok: false, code: "INVALID_INPUT", error: result.error, fieldErrors: { amount: [result.error] } };
    if (!result.ok) return { ok: false, code: "FAILED", error: result.error };
    return { ok: true, data: { transactionId: result.transactionId } as CashOutSubmitted };
  },
);
