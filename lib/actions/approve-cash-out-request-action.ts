"use server";
// A second finance/admin operator approves a cash-out request: a single cash-out is sent at once,
// a batch is handed to the batch sender. Step-up protected (lib/auth/step-up.ts).
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { approveCashOutRequest } from "@/lib/cash-out/cash-out-requests";
import { cashOutRequestIdSchema } from "@/lib/schemas/cash-out-request-decision";
import { wakePayoutBatchSender } from "@/lib/cash-out/batch-sender-host";
import { storeWallets } from "@/lib/stores/wallet-for-store";

export const approveCashOutRequestAction = operatorAction(
  { name: "cash_out_request.approve", capability: "moveMoney", input: cashOutRequestIdSchema, stepUp: "money" },
  async ({ requestId }, { db, config, operator }) => {
    const decided = await approveCashOutRequest({ db, config, walletOf: storeWallets(db, config) }, operator, requestId);
    revalidatePath("/approvals");
    revalidatePath(`/approvals/${requestId}`);
    if (!decided.ok) return { ok: false, code: "FAILED", error: decided.error };
    wakePayoutBatchSender();
    revalidatePath("/cash-out");
    revalidatePath("/transactions");
    // The request was approved; the wallet's answer (or refusal) shows on the cash-out's page.
    return {
      ok: true,
      data: {
        requestId,
        transactionId: decided.transactionId ?? null,
        sendError: decided.sendResult && !decided.sendResult.ok ? decided.sendResult.error : null,
      },
    };
  },
);
