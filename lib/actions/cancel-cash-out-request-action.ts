"use server";
// The operator who asked for a cash-out cancels it before anyone approves it. Nothing is sent.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { cancelCashOutRequest } from "@/lib/cash-out/cash-out-requests";
import { cashOutRequestIdSchema } from "@/lib/schemas/cash-out-request-decision";

export const cancelCashOutRequestAction = operatorAction(
  { name: "cash_out_request.cancel", capability: "moveMoney", input: cashOutRequestIdSchema },
  async ({ requestId }, { db, operator }) => {
    const decided = await cancelCashOutRequest({ db }, operator, requestId);
    revalidatePath("/approvals");
    revalidatePath(`/approvals/${requestId}`);
    if (!decided.ok) return { ok: false, code: "FAILED", error: decided.error };
    return { ok: true, data: { requestId } };
  },
);
