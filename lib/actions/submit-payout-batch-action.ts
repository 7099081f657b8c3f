"use server";
// Saves a checked payouts CSV as one request awaiting approval. The file is parsed again here:
// the browser's review is never trusted. Limits apply to the batch as a whole.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { saveCashOutRequest } from "@/lib/cash-out/cash-out-requests";
import { parsePayoutCsv, payoutCsvUploadSchema } from "@/lib/schemas/payout-csv";
import { chosenStoreWallet } from "@/lib/actions/store-choice";
import { msg } from "@/lib/i18n/message";

export const submitPayoutBatchAction = operatorAction(
  { name: "payout_batch.create", capability: "moveMoney", input: payoutCsvUploadSchema },
  async ({ uploadKey, fileName, csvText, storeId }, { db, config, operator }) => {
    // The store chosen on the upload (issue #49): the batch sender sends every row through its wallet.
    const store = await chosenStoreWallet({ db, config, operator }, storeId, "payout_batch.create");
    if (!store.ok) return store;
    const parsed = parsePayoutCsv(csvText);
    if (!parsed.ok)
      return {
        ok: false,
        code: "INVALID_INPUT",
        error: parsed.fileError ?? msg("errors.payoutCsv.rowsHaveProblems", { count: parsed.problems.length }),
      };
    const saved = await saveCashOutRequest({ db, config }, operator, {
      storeId: store.storeId,
      kind: "batch",
      idempotencyKey: uploadKey,
      fileName,
      orders: parsed.rows.map(({ line, order }) => ({ line, order: { ...order, idempotencyKey: "" } })),
    });
    if (saved.outcome === "refused") return { ok: false, code: "FAILED", error: saved.error };
    revalidatePath("/approvals");
    return { ok: true, data: { requestId: saved.requestId } };
  },
);
