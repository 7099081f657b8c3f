"use server";
// Deletes one of the signed-in operator's saved views (only its owner can; built-in views are not
// stored, so none of them can be).
import { operatorAction } from "@/lib/actions/operator-action";
import { deleteSavedView } from "@/lib/db/queries/saved-views";
import { deleteSavedViewSchema, savedViewErrorMessages } from "@/lib/schemas/saved-views";

export const deleteSavedViewAction = operatorAction(
  { name: "saved_view.delete", capability: "read", input: deleteSavedViewSchema },
  async (input, { db, operator }) => {
    if (await deleteSavedView(db, { userId: operator.id, list: "transactions", id: input.id })) return { ok: true, data: { id: input.id } };
    return { ok: false, code: "INVALID_INPUT", error: savedViewErrorMessages.unknown };
  },
);
