"use server";
// Another finance/admin operator rejects a cash-out request, with a reason. Nothing is sent.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { rejectCashOutRequest } from "@/lib/cash-out/cash-out-requests";
import { rejectCashOutRequestSchema } from "@/lib/schemas/cash-out-request-decision";

export const rejectCashOutRequestAction = operatorAction(
  { name: "cash_out_request.reject", capability: "moveMoney", input: rejectCashOutRequestSchema, stepUp: true },
  async ({ requestId, reason }, { db, operator }) => {
    const decided = await rejectCashOutRequest({ db }, operator, requestId, reason);
    revalidatePath("/approvals");
    revalidatePath(`/approvals/${requestId}`);
    if (!decided.ok) return { ok: false, code: "FAILED", error: decided.error };
    return { ok: true, data: { requestId } };
  },
);
