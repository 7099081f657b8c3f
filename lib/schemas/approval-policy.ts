// The approval policy form (admin Settings page): amounts in reais as on the cash-out form, blank
// for "default" (threshold) or "no limit" (limits); the request lifetime in hours.
import { z } from "zod";
import { parseReaisToCents } from "@/lib/schemas/money";

const optionalReais = z
  .string()
  .trim()
  .transform((text, context) => {
    if (text === "") return null;
    const result = parseReaisToCents(text);
    if (!result.ok) {
      context.addIssue({ code: "custom", message: result.error });
      return z.NEVER;
    }
    return result.cents;
  });

export const approvalPolicySchema = z.object({
  approvalThreshold: z
    .string()
    .trim()
    .transform((text, context) => {
      if (text === "") return null;
      if (/^0+(,0+)?$/.test(text)) return 0; // "every cash-out"
      const result = parseReaisToCents(text);
      if (!result.ok) {
        context.addIssue({ code: "custom", message: result.error });
        return z.NEVER;
      }
      return result.cents;
    }),
  operatorDailyLimit: optionalReais,
  merchantDailyLimit: optionalReais,
  requestLifetimeHours: z.coerce
    .number({ error: "Enter a number of hours." })
    .int({ error: "Enter a whole number of hours." })
    .min(1, { error: "Requests must live at least 1 hour." })
    .max(24 * 30, { error: "Requests can live at most 720 hours (30 days)." }),
});
export type ApprovalPolicyInput = z.input<typeof approvalPolicySchema>;
