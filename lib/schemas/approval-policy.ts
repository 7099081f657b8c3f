// The approval policy form (admin Settings page): amounts in reais as on the cash-out form, blank
// for "default" (threshold) or "no limit" (limits); the request lifetime in hours.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";
import { parseReaisToCents } from "@/lib/schemas/money";

const optionalReais = z.pipe(
  z.string().check(z.trim()),
  z.transform((text: string, context) => {
    if (text === "") return null;
    const result = parseReaisToCents(text);
    return result.ok ? result.cents : z.refuse(context, result.error, text);
  }),
);

export const maxRequestLifetimeHours = 24 * 30;

export const approvalPolicySchema = z.object({
  approvalThreshold: z.pipe(
    z.string().check(z.trim()),
    z.transform((text: string, context) => {
      if (text === "") return null;
      if (/^0+(,0+)?$/.test(text)) return 0; // "every cash-out"
      const result = parseReaisToCents(text);
      return result.ok ? result.cents : z.refuse(context, result.error, text);
    }),
  ),
  operatorDailyLimit: optionalReais,
  merchantDailyLimit: optionalReais,
  /** Each store's own daily limit (issue #49), by store id: blank for none. Absent: left as they are. */
  storeDailyLimits: z.optional(
    z
      .record(z.uuid({ error: msg("errors.stores.unknownStore") }), optionalReais)
      .check(z.refine((limits) => Object.keys(limits).length <= 500, { error: msg("errors.stores.unknownStore") })),
  ),
  requestLifetimeHours: z.coerce
    .number({ error: msg("errors.approvalPolicy.hoursNotANumber") })
    .check(
      z.refine(Number.isInteger, { error: msg("errors.approvalPolicy.hoursNotWhole") }),
      z.gte(1, { error: msg("errors.approvalPolicy.hoursTooFew", { min: 1 }) }),
      z.lte(maxRequestLifetimeHours, { error: msg("errors.approvalPolicy.hoursTooMany", { max: maxRequestLifetimeHours, days: 30 }) }),
    ),
});
export type ApprovalPolicyInput = z.input<typeof approvalPolicySchema>;
