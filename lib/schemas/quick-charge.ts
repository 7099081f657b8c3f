// The till's quick charge: an amount for a counter; the payer details are the counter's defaults.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";
import { amountInReaisSchema } from "@/lib/schemas/money";

/** Quick charges expire fast: the payer is standing at the counter. */
export const quickChargeExpiryMinutes = 15;

export const quickChargeSchema = z.object({
  idempotencyKey: z.uuid({ error: msg("errors.form.stale") }),
  counterId: z.uuid({ error: msg("errors.counter.choose") }),
  amount: amountInReaisSchema,
  // No store choice: the charge is the counter's store's (issue #49), whose displays show it.
});
export type QuickChargeInput = z.input<typeof quickChargeSchema>;
