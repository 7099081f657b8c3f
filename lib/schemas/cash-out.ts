// The cash-out form's input, shared by the form (react-hook-form resolver), its review step and
// the server action: amount in reais to cents, the PIX key checked and normalised for its type.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";
import { metadataRowsSchema } from "@/lib/schemas/metadata";
import { amountInReaisSchema } from "@/lib/schemas/money";
import { pixKeySchema } from "@/lib/schemas/pix-key";
import { chosenStoreIdSchema } from "@/lib/schemas/store-choice";

export const maxExternalReferenceLength = 64;

/** Encoded message keys (lib/i18n/message.ts), translated where they are shown. */
export const cashOutErrorMessages = {
  staleForm: msg("errors.form.stale"),
  externalReferenceTooLong: msg("errors.externalReference.tooLong", { max: maxExternalReferenceLength }),
} as const;

/** One cash-out as it is sent: the form's fields but the store (a request or a batch row holds it). */
export const cashOutOrderSchema = z.object({
  /** One per form instance: a double click, a second tab or a retry of the same form never sends twice. */
  idempotencyKey: z.uuid({ error: cashOutErrorMessages.staleForm }),
  amount: amountInReaisSchema,
  // Type and key travel together so the key is always judged by the type chosen with it, and the
  // key's error lands on `pixKey.key` even when other fields are invalid too.
  pixKey: pixKeySchema,
  metadata: metadataRowsSchema,
  externalReference: z.pipe(
    z.optional(
      z.string().check(z.trim(), z.maxLength(maxExternalReferenceLength, { error: cashOutErrorMessages.externalReferenceTooLong })),
    ),
    z.transform((text: string | undefined) => (text ? text : undefined)),
  ),
});

/** The form: the order, and the store whose wallet sends it (issue #49). */
export const cashOutFormSchema = z.extend(cashOutOrderSchema, { storeId: chosenStoreIdSchema });

export type CashOutFormInput = z.input<typeof cashOutFormSchema>;
/** Exactly what will be sent: cents, the normalised key, metadata as an object of strings. */
export type CashOutFormOutput = z.output<typeof cashOutFormSchema>;
/** One cash-out to send, without the store: what claimCashOutSend and the wallet request take. */
export type CashOutOrderOutput = z.output<typeof cashOutOrderSchema>;
