// Deciding a cash-out request: which one, and (to reject) why.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";

export const cashOutRequestIdSchema = z.object({ requestId: z.uuid({ error: msg("errors.approvals.unknownRequest") }) });

export const rejectCashOutRequestSchema = z.extend(cashOutRequestIdSchema, {
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, { error: msg("errors.approvals.reasonTooShort", { min: 3 }) }),
      z.maxLength(500, { error: msg("errors.approvals.reasonTooLong", { max: 500 }) }),
    ),
});
