// Input of the sandbox "Resend callback" button: which transaction, and optionally where to.
import { z } from "zod";

export const resendCallbackSchema = z.object({
  walletTransactionId: z
    .string()
    .trim()
    .min(1, { error: "Enter the wallet's transaction id." })
    .max(100, { error: "A wallet transaction id has at most 100 characters." }),
  newCallbackUrl: z
    .string()
    .trim()
    .optional()
    .transform((text) => (text ? text : undefined))
    .pipe(
      z
        .url({ protocol: /^https?$/, error: "Enter an absolute http(s) URL, like https://example.com/callback." })
        .max(2000)
        .optional(),
    ),
});
export type ResendCallbackInput = z.input<typeof resendCallbackSchema>;
