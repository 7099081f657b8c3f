// Deciding a cash-out request: which one, and (to reject) why.
import { z } from "zod";
import { msg } from "@/lib/i18n/message";

export const cashOutRequestIdSchema = z.object({ requestId: z.uuid({ error: msg("errors.approvals.unknownRequest") }) });

export const rejectCashOutRequestSchema = cashOutRequestIdSchema.extend({
  reason: z
    .string()
    .trim()
    .min(3, { error: msg("errors.approvals.reasonTooShort", { min: 3 }) })
    .max(500, { error: msg("errors.approvals.reasonTooLong", { max: 500 }) }),
});
