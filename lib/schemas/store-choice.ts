// The store a money form acts for (issue #49): one field, the same in every form that offers the
// choice (components/stores/store-choice-field.tsx). Absent or "": the operator's default store. The
// action checks it against the operator's stores (lib/actions/store-choice.ts).
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";

export const chosenStoreIdSchema = z.pipe(
  z.optional(z.union([z.literal(""), z.uuid({ error: msg("errors.stores.unknownStoreChoice") })])),
  z.transform((id: string | undefined) => id || undefined),
);
