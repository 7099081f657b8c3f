"use server";
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { findCounter, saveCounterPreference } from "@/lib/db/queries/counters";
import { showChargeOnCounter } from "@/lib/displays/show-on-counter";
import { cashInFormSchema } from "@/lib/schemas/cash-in";
import { createCashIn } from "@/lib/transactions/create-cash-in";
import { getWalletClient } from "@/lib/wallet/client";

export const createCashInAction = operatorAction({ name: "cash_in.create", capability: "moveMoney", input: cashInFormSchema }, async (input, { db, config, operator }) => {
  const result = await createCashIn({ db, config, operator, wallet: getWalletClient() }, input);
  if (!result.ok) return { ok: false, code: "FAILED", error: result.error };
  // "Show on counter" is remembered per operator; the charge goes up on that counter's displays.
  const counter = input.showOnCounterId ? await findCounter(db, input.showOnCounterId) : undefined;
  if (counter) await showChargeOnCounter(db, counter.id, result.transactionId);
  await saveCounterPreference(db, operator.id, counter?.id ?? null);
  revalidatePath("/transactions");
  return { ok: true, data: { transactionId: result.transactionId } };
});
