"use server";
// Saves the Transactions list's current filters, order and columns as a named view of the signed-in
// operator (every role that reads the ledger). A personal preference, like the language or marking
// notifications read: the wrapper records its refusals, a success is not an audit event.
import { operatorAction } from "@/lib/actions/operator-action";
import { createSavedView } from "@/lib/db/queries/saved-views";
import { msg } from "@/lib/i18n/message";
import { saveLedgerViewSchema } from "@/lib/schemas/saved-views";
import { maxSavedViewsPerList } from "@/lib/vocabulary/saved-views";

export const saveLedgerViewAction = operatorAction(
  { name: "saved_view.create", capability: "read", input: saveLedgerViewSchema },
  async (input, { db, operator }) => {
    const saved = await createSavedView(db, { userId: operator.id, list: "transactions", ...input }, maxSavedViewsPerList);
    if (saved.ok) return { ok: true, data: saved.view };
    const error =
      saved.reason === "nameTaken"
        ? msg("errors.savedViews.nameTaken", { name: input.name })
        : msg("errors.savedViews.limit", { max: maxSavedViewsPerList });
    return { ok: false, code: "INVALID_INPUT", error, fieldErrors: saved.reason === "nameTaken" ? { name: [error] } : undefined };
  },
);
