// Inputs of the saved-view actions (issue #53): a name (trimmed, 1 to 60 characters) and, to save,
// the list's query string, read by the list's own parser (lib/schemas/ledger-filters.ts): a query
// with any invalid field is refused, and what is stored is the parser's own writing of it.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";
import { ledgerViewQuery } from "@/lib/schemas/ledger-filters";
import { maxSavedViewNameLength } from "@/lib/vocabulary/saved-views";

export const savedViewErrorMessages = {
  nameRequired: msg("errors.savedViews.nameRequired"),
  nameTooLong: msg("errors.savedViews.nameTooLong", { max: maxSavedViewNameLength }),
  query: msg("errors.savedViews.query"),
  unknown: msg("errors.savedViews.unknown"),
} as const;

export const savedViewNameSchema = z.pipe(
  z.string({ error: savedViewErrorMessages.nameRequired }),
  z.pipe(
    z.transform((text: string) => text.trim().replace(/\s+/g, " ")),
    z
      .string()
      .check(
        z.minLength(1, { error: savedViewErrorMessages.nameRequired }),
        z.maxLength(maxSavedViewNameLength, { error: savedViewErrorMessages.nameTooLong }),
      ),
  ),
);

/** A Transactions query string ("?" optional), as the list's parser writes it back; refused when any field is invalid. */
export const ledgerViewQuerySchema = z.pipe(
  z.string({ error: savedViewErrorMessages.query }).check(z.maxLength(2_000, { error: savedViewErrorMessages.query })),
  z.transform((text, context) => ledgerViewQuery(text) ?? z.refuse(context, savedViewErrorMessages.query, text)),
);

const savedViewIdSchema = z.uuid({ error: savedViewErrorMessages.unknown });

export const saveLedgerViewSchema = z.object({ name: savedViewNameSchema, query: ledgerViewQuerySchema });
export const renameSavedViewSchema = z.object({ id: savedViewIdSchema, name: savedViewNameSchema });
export const deleteSavedViewSchema = z.object({ id: savedViewIdSchema });
export const listSavedViewsSchema = z.object({});
