"use server";
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { cashInFormSchema } from "@/lib/schemas/cash-in";
import { createCashIn } from "@/lib/transactions/create-cash-in";
import { getWalletClient } from "@/lib/wallet/client";

export const createCashInAction = operatorAction({ name: "cash_in.create", capability: "moveMoney", input: cashInFormSchema }, async (input, { db, config, operator }) => {
  const result = await createCashIn({ db, config, operator, wallet: getWalletClient() }, input);
  if (!result.ok) return { ok: false, code: "FAILED", error: result.error };
  revalidatePath("/transactions");
  return { ok: true, data: { transactionId: result.transactionId } };
});
