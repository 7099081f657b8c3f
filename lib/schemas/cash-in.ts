// The cash-in form's input, shared by the form (react-hook-form resolver) and the server action.
import { z } from "zod";
import { optionalCallbackUrlSchema } from "@/lib/schemas/callback-url";
import { documentSchema } from "@/lib/schemas/brazilian-documents";
import { metadataRowsSchema } from "@/lib/schemas/metadata";
import { amountInReaisSchema } from "@/lib/schemas/money";
import { optionalPayerPhoneSchema } from "@/lib/schemas/phone";

/** Expiry choices offered in the form, in minutes. The dashboard always sends one: the API has no documented default. */
export const expiryPresetMinutes = [15, 30, 60, 240, 1440] as const;
export const defaultExpiryMinutes = 30;
export const maxCustomExpiryMinutes = 1440;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must have at most ${max} characters.` })
    .optional()
    .transform((text) => (text ? text : undefined));

export const cashInFormSchema = z
  .object({
    /** One per form instance: submitting the same form twice never creates two charges. */
    idempotencyKey: z.uuid({ error: "This form is out of date: reload the page." }),
    amount: amountInReaisSchema,
    payerName: z
      .string()
      .trim()
      .min(1, { error: "Enter the payer's name." })
      .max(100, { error: "Payer name must have at most 100 characters." }),
    payerEmail: z
      .string()
      .trim()
      .min(1, { error: "Enter the payer's e-mail." })
      .max(254, { error: "E-mail is too long." })
      .pipe(z.email({ error: "Enter a valid e-mail address, like name@company.com." }))
      .transform((email) => email.toLowerCase()),
    payerDocument: documentSchema,
    payerPhone: optionalPayerPhoneSchema,
    invoiceDescription: optionalText(140, "Description"),
    expiry: z.enum(["15", "30", "60", "240", "1440", "custom"], { error: "Choose when the charge expires." }),
    customExpiryMinutes: z.string().optional(),
    metadata: metadataRowsSchema,
    externalReference: optionalText(64, "External reference"),
    customCallbackUrl: optionalCallbackUrlSchema,
    /** "Show on counter": the counter whose displays switch to this charge ("" for none). */
    showOnCounterId: z
      .union([z.literal(""), z.uuid({ error: "Unknown counter." })])
      .optional()
      .transform((id) => id || undefined),
  })
  .superRefine((input, context) => {
    if (input.expiry !== "custom") return;
    const minutes = Number(input.customExpiryMinutes?.trim());
    if (!/^\d+$/.test(input.customExpiryMinutes?.trim() ?? "") || minutes < 1 || minutes > maxCustomExpiryMinutes) {
      context.addIssue({
        code: "custom",
        path: ["customExpiryMinutes"],
        message: `Enter whole minutes between 1 and ${maxCustomExpiryMinutes}.`,
      });
    }
  })
  .transform(({ expiry, customExpiryMinutes, ...input }) => ({
    ...input,
    expireInMinutes: expiry === "custom" ? Number(customExpiryMinutes) : Number(expiry),
  }));

export type CashInFormInput = z.input<typeof cashInFormSchema>;
export type CashInFormOutput = z.output<typeof cashInFormSchema>;
