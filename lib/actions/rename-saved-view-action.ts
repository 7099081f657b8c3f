"use server";
// Renames one of the signed-in operator's saved views (only its owner can: another's id is unknown).
import { operatorAction } from "@/lib/actions/operator-action";
import { renameSavedView } from "@/lib/db/queries/saved-views";
import { msg } from "@/lib/i18n/message";
import { renameSavedViewSchema, savedViewErrorMessages } from "@/lib/schemas/saved-views";

export const renameSavedViewAction = operatorAction(
  { name: "saved_view.rename", capability: "read", input: renameSavedViewSchema },
  async (input, { db, operator }) => {
    const renamed = await renameSavedView(db, { userId: operator.id, list: "transactions", ...input });
    if (renamed.ok) return { ok: true, data: renamed.view };
    if (renamed.reason === "notFound") return { ok: false, code: "INVALID_INPUT", error: savedViewErrorMessages.unknown };
    const error = msg("errors.savedViews.nameTaken", { name: input.name });
    return { ok: false, code: "INVALID_INPUT", error, fieldErrors: { name: [error] } };
  },
);
