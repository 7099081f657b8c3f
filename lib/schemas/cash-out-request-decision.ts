// Deciding a cash-out request: which one, and (to reject) why.
import { z } from "zod";

export const cashOutRequestIdSchema = z.object({ requestId: z.uuid({ error: "Unknown cash-out request." }) });

export const rejectCashOutRequestSchema = cashOutRequestIdSchema.extend({
  reason: z
    .string()
    .trim()
    .min(3, { error: "Say why you reject it (at least 3 characters)." })
    .max(500, { error: "At most 500 characters." }),
});
