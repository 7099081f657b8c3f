// Input of the sandbox "Resend callback" button: which transaction, and optionally where to.
import { z } from "zod";
import { optionalCallbackUrlSchema } from "@/lib/schemas/callback-url";

export const resendCallbackSchema = z.object({
  walletTransactionId: z
    .string()
    .trim()
    .min(1, { error: "Enter the wallet's transaction id." })
    .max(100, { error: "A wallet transaction id has at most 100 characters." }),
  newCallbackUrl: optionalCallbackUrlSchema,
});
export type ResendCallbackInput = z.input<typeof resendCallbackSchema>;
