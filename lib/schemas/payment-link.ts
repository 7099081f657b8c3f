// Payment links (issue #48): the link form (create and edit, finance and admin) and the payer's
// submission on the link's public page. Amounts are reais as typed, turned into cents.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";
import { documentSchema } from "@/lib/schemas/brazilian-documents";
import { maxDescriptionLength } from "@/lib/schemas/cash-in";
import { emailFieldSchema } from "@/lib/schemas/email";
import { chosenStoreIdSchema } from "@/lib/schemas/store-choice";
import { parseReaisToCents } from "@/lib/schemas/money";
import { isCalendarDay, nextCalendarDay, saoPauloDayStart } from "@/lib/vocabulary/sao-paulo-dates";

export const paymentLinkExpiryPresets = ["15", "30", "60", "240", "1440"] as const;
export const maxPaymentLinkNameLength = 80;
export const maxInactiveMessageLength = 200;
export const maxPaidChargesLimit = 1_000_000;

const optionalText = (max: number, tooLong: string) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, { error: tooLong }))),
    z.transform((text: string | undefined) => (text ? text : null)),
  );

const cents = (text: string | undefined) => {
  const result = parseReaisToCents(text ?? "");
  return result.ok ? result.cents : undefined;
};

export const paymentLinkFormSchema = z.pipe(
  z
    .object({
      /** Set when editing a link. */
      id: z.optional(z.union([z.literal(""), z.uuid({ error: msg("errors.paymentLinks.unknown") })])),
      name: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, { error: msg("errors.paymentLinks.nameEmpty") }),
          z.maxLength(maxPaymentLinkNameLength, { error: msg("errors.paymentLinks.nameTooLong", { max: maxPaymentLinkNameLength }) }),
        ),
      description: optionalText(maxDescriptionLength, msg("errors.cashIn.descriptionTooLong", { max: maxDescriptionLength })),
      amountMode: z.enum(["fixed", "payer"], { error: msg("errors.paymentLinks.amountMode") }),
      amount: z.optional(z.string()),
      minAmount: z.optional(z.string()),
      maxAmount: z.optional(z.string()),
      maxPaidCharges: z.optional(z.string().check(z.trim())),
      endsOn: z.optional(z.string().check(z.trim())),
      expiry: z.enum(paymentLinkExpiryPresets, { error: msg("errors.cashIn.expiryChoose") }),
      returnUrl: z.pipe(
        z.pipe(
          z.optional(z.string().check(z.trim())),
          z.transform((text: string | undefined) => (text ? text : undefined)),
        ),
        z.optional(
          z
            .url({ protocol: /^https?$/, error: msg("errors.paymentLinks.returnUrlInvalid") })
            .check(z.maxLength(2000, { error: msg("errors.callbackUrl.tooLong", { max: 2000 }) })),
        ),
      ),
      inactiveMessage: optionalText(
        maxInactiveMessageLength,
        msg("errors.paymentLinks.inactiveMessageTooLong", { max: maxInactiveMessageLength }),
      ),
      /** The store whose wallet charges the link's payers (issue #49): chosen when the link is made, kept after. */
      storeId: chosenStoreIdSchema,
    })
    .check(
      z.superRefine((input, context) => {
        const issue = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
        const amounts = input.amountMode === "fixed" ? (["amount"] as const) : (["minAmount", "maxAmount"] as const);
        for (const field of amounts) {
          const result = parseReaisToCents(input[field] ?? "");
          if (!result.ok) issue(field, result.error);
        }
        if (input.amountMode === "payer") {
          const min = cents(input.minAmount);
          const max = cents(input.maxAmount);
          if (min !== undefined && max !== undefined && max < min) issue("maxAmount", msg("errors.paymentLinks.maxBelowMin"));
        }
        const limit = input.maxPaidCharges ?? "";
        if (limit !== "" && (!/^\d{1,7}$/.test(limit) || Number(limit) < 1 || Number(limit) > maxPaidChargesLimit))
          issue("maxPaidCharges", msg("errors.paymentLinks.limitInvalid", { max: maxPaidChargesLimit }));
        const endsOn = input.endsOn ?? "";
        if (endsOn !== "" && !isCalendarDay(endsOn)) issue("endsOn", msg("errors.paymentLinks.endsOnInvalid"));
      }),
    ),
  // Runs only when every check above passed.
  z.transform((input) => ({
    id: input.id || undefined,
    name: input.name,
    description: input.description,
    amountCents: input.amountMode === "fixed" ? (cents(input.amount) ?? null) : null,
    minAmountCents: input.amountMode === "payer" ? (cents(input.minAmount) ?? null) : null,
    maxAmountCents: input.amountMode === "payer" ? (cents(input.maxAmount) ?? null) : null,
    maxPaidCharges: input.maxPaidCharges ? Number(input.maxPaidCharges) : null,
    // The link takes charges through the whole of its last day, São Paulo time.
    endsAt: input.endsOn ? saoPauloDayStart(nextCalendarDay(input.endsOn)) : null,
    chargeExpiryMinutes: Number(input.expiry),
    returnUrl: input.returnUrl ?? null,
    inactiveMessage: input.inactiveMessage,
    storeId: input.storeId,
  })),
);
export type PaymentLinkFormInput = z.input<typeof paymentLinkFormSchema>;
export type PaymentLinkFormOutput = z.output<typeof paymentLinkFormSchema>;

export const paymentLinkActiveSchema = z.object({
  id: z.uuid({ error: msg("errors.paymentLinks.unknown") }),
  active: z.boolean(),
});

/** The payer's submission on the link's public page (a plain form post: every field a string). */
export const paymentLinkSubmissionSchema = z.object({
  /** Drawn when the page is rendered: the same form posted twice makes one charge. */
  idempotencyKey: z.uuid({ error: msg("errors.form.stale") }),
  payerName: z
    .string({ error: msg("errors.cashIn.payerNameEmpty") })
    .check(
      z.trim(),
      z.minLength(1, { error: msg("errors.cashIn.payerNameEmpty") }),
      z.maxLength(100, { error: msg("errors.cashIn.payerNameTooLong", { max: 100 }) }),
    ),
  payerEmail: emailFieldSchema(msg("errors.cashIn.payerEmailEmpty")),
  payerDocument: documentSchema,
  /** Only on a link where the payer chooses; checked against the link's range by the server. */
  amount: z.optional(z.string().check(z.maxLength(40))),
});
export type PaymentLinkSubmission = z.output<typeof paymentLinkSubmissionSchema>;
