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

/** A threshold in reais: blank for the default (the merchant's, or the deployment's), "0" for every cash-out. */
const thresholdReais = z.pipe(
  z.string().check(z.trim()),
  z.transform((text: string, context) => {
    if (text === "") return null;
    if (/^0+(,0+)?$/.test(text)) return 0; // "every cash-out"
    const result = parseReaisToCents(text);
    return result.ok ? result.cents : z.refuse(context, result.error, text);
  }),
);

/** Per store (issue #49), by store id; absent: left as they are. */
const perStore = <Value extends z.core.$ZodType>(value: Value) =>
  z.optional(
    z
      .record(z.uuid({ error: msg("errors.stores.unknownStore") }), value)
      .check(z.refine((byStore) => Object.keys(byStore).length <= 500, { error: msg("errors.stores.unknownStore") })),
  );

export const approvalPolicySchema = z.object({
  approvalThreshold: thresholdReais,
  operatorDailyLimit: optionalReais,
  merchantDailyLimit: optionalReais,
  /** Each store's own daily limit: blank for none. */
  storeDailyLimits: perStore(optionalReais),
  /** Each store's own approval threshold: blank for the merchant's. */
  storeApprovalThresholds: perStore(thresholdReais),
  requestLifetimeHours: z.coerce
    .number({ error: msg("errors.approvalPolicy.hoursNotANumber") })
    .check(
      z.refine(Number.isInteger, { error: msg("errors.approvalPolicy.hoursNotWhole") }),
      z.gte(1, { error: msg("errors.approvalPolicy.hoursTooFew", { min: 1 }) }),
      z.lte(maxRequestLifetimeHours, { error: msg("errors.approvalPolicy.hoursTooMany", { max: maxRequestLifetimeHours, days: 30 }) }),
    ),
});
export type ApprovalPolicyInput = z.input<typeof approvalPolicySchema>;
