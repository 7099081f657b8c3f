// The cash-out form's input, shared by the form (react-hook-form resolver), its review step and
// the server action: amount in reais to cents, the PIX key checked and normalised for its type.
import { z } from "zod";
import { metadataRowsSchema } from "@/lib/schemas/metadata";
import { amountInReaisSchema } from "@/lib/schemas/money";
import { pixKeySchema } from "@/lib/schemas/pix-key";

export const maxExternalReferenceLength = 64;

export const cashOutErrorMessages = {
  staleForm: "This form is out of date: reload the page.",
  externalReferenceTooLong: `External reference must have at most ${maxExternalReferenceLength} characters.`,
} as const;

export const cashOutFormSchema = z.object({
  /** One per form instance: a double click, a second tab or a retry of the same form never sends twice. */
  idempotencyKey: z.uuid({ error: cashOutErrorMessages.staleForm }),
  amount: amountInReaisSchema,
  // Type and key travel together so the key is always judged by the type chosen with it, and the
  // key's error lands on `pixKey.key` even when other fields are invalid too.
  pixKey: pixKeySchema,
  metadata: metadataRowsSchema,
  externalReference: z
    .string()
    .trim()
    .max(maxExternalReferenceLength, { error: cashOutErrorMessages.externalReferenceTooLong })
    .optional()
    .transform((text) => (text ? text : undefined)),
});

export type CashOutFormInput = z.input<typeof cashOutFormSchema>;
/** Exactly what will be sent: cents, the normalised key, metadata as an object of strings. */
export type CashOutFormOutput = z.output<typeof cashOutFormSchema>;
