// The cash-in form's input, shared by the form (react-hook-form resolver) and the server action.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";
import { chosenStoreIdSchema } from "@/lib/schemas/store-choice";
import { documentSchema } from "@/lib/schemas/brazilian-documents";
import { optionalCallbackUrlSchema } from "@/lib/schemas/callback-url";
import { emailFieldSchema } from "@/lib/schemas/email";
import { metadataRowsSchema } from "@/lib/schemas/metadata";
import { amountInReaisSchema } from "@/lib/schemas/money";
import { optionalPayerPhoneSchema } from "@/lib/schemas/phone";

/** Expiry choices offered in the form, in minutes. The dashboard always sends one: the API has no documented default. */
export const expiryPresetMinutes = [15, 30, 60, 240, 1440] as const;
export const defaultExpiryMinutes = 30;
export const maxCustomExpiryMinutes = 1440;
export const maxDescriptionLength = 140;
export const maxCashInExternalReferenceLength = 64;

const optionalText = (max: number, tooLong: string) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, { error: tooLong }))),
    z.transform((text: string | undefined) => (text ? text : undefined)),
  );

export const cashInFormSchema = z.pipe(
  z
    .object({
      /** One per form instance: submitting the same form twice never creates two charges. */
      idempotencyKey: z.uuid({ error: msg("errors.form.stale") }),
      amount: amountInReaisSchema,
      payerName: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, { error: msg("errors.cashIn.payerNameEmpty") }),
          z.maxLength(100, { error: msg("errors.cashIn.payerNameTooLong", { max: 100 }) }),
        ),
      payerEmail: emailFieldSchema(msg("errors.cashIn.payerEmailEmpty")),
      payerDocument: documentSchema,
      payerPhone: optionalPayerPhoneSchema,
      invoiceDescription: optionalText(maxDescriptionLength, msg("errors.cashIn.descriptionTooLong", { max: maxDescriptionLength })),
      expiry: z.enum(["15", "30", "60", "240", "1440", "custom"], { error: msg("errors.cashIn.expiryChoose") }),
      customExpiryMinutes: z.optional(z.string()),
      metadata: metadataRowsSchema,
      externalReference: optionalText(
        maxCashInExternalReferenceLength,
        msg("errors.externalReference.tooLong", { max: maxCashInExternalReferenceLength }),
      ),
      customCallbackUrl: optionalCallbackUrlSchema,
      /** "Show on counter": the counter whose displays switch to this charge ("" for none). */
      showOnCounterId: z.pipe(
        z.optional(z.union([z.literal(""), z.uuid({ error: msg("errors.counter.unknown") })])),
        z.transform((id: string | undefined) => id || undefined),
      ),
      /** The store the charge is made for (issue #49); absent or "": the first store. */
      storeId: chosenStoreIdSchema,
    })
    .check(
      z.superRefine((input, context) => {
        if (input.expiry !== "custom") return;
        const minutes = Number(input.customExpiryMinutes?.trim());
        if (!/^\d+$/.test(input.customExpiryMinutes?.trim() ?? "") || minutes < 1 || minutes > maxCustomExpiryMinutes) {
          context.addIssue({
            code: "custom",
            path: ["customExpiryMinutes"],
            message: msg("errors.cashIn.customExpiryRange", { max: maxCustomExpiryMinutes }),
          });
        }
      }),
    ),
  // A pipe runs this only when every check above passed.
  z.transform(({ expiry, customExpiryMinutes, ...input }) => ({
    ...input,
    expireInMinutes: expiry === "custom" ? Number(customExpiryMinutes) : Number(expiry),
  })),
);

export type CashInFormInput = z.input<typeof cashInFormSchema>;
export type CashInFormOutput = z.output<typeof cashInFormSchema>;
