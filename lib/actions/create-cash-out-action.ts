"use server";
// Sends a cash-out once per form (finance and admin only): the session, role and input are checked
// again here, because a server action is a public endpoint whatever the page showed.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { cashOutFormSchema } from "@/lib/schemas/cash-out";
import { createCashOut } from "@/lib/transactions/create-cash-out";
import { getWalletClient } from "@/lib/wallet/client";

export const createCashOutAction = operatorAction({ name: "cash_out.create", capability: "moveMoney", input: cashOutFormSchema, stepUp: true }, async (input, { db, config, operator }) => {
  const result = await createCashOut({ db, config, operator, wallet: getWalletClient() }, input);
  // Whatever happened left a record (sent, refused or unknown): the lists must show it.
  revalidatePath("/cash-out");
  revalidatePath("/transactions");
  if (!result.ok) return { ok: false, code: "FAILED", error: result.error };
  return { ok: true, data: { transactionId: result.transactionId } };
});
