// Input of the sandbox "Resend callback" button: which transaction, and optionally where to.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";
import { optionalCallbackUrlSchema } from "@/lib/schemas/callback-url";

export const resendCallbackSchema = z.object({
  walletTransactionId: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: msg("errors.resend.transactionIdEmpty") }),
      z.maxLength(100, { error: msg("errors.resend.transactionIdTooLong", { max: 100 }) }),
    ),
  newCallbackUrl: optionalCallbackUrlSchema,
});
export type ResendCallbackInput = z.input<typeof resendCallbackSchema>;
