// The till's quick charge: an amount for a counter; the payer details are the counter's defaults.
import { z } from "zod";
import { amountInReaisSchema } from "@/lib/schemas/money";

/** Quick charges expire fast: the payer is standing at the counter. */
export const quickChargeExpiryMinutes = 15;

export const quickChargeSchema = z.object({
  idempotencyKey: z.uuid({ error: "This form is out of date: reload the page." }),
  counterId: z.uuid({ error: "Choose a counter." }),
  amount: amountInReaisSchema,
});
export type QuickChargeInput = z.input<typeof quickChargeSchema>;
