// Inputs of the Callback logs pages: a log id to look up, and the deliveries list filters.
import * as z from "@/lib/schemas/zod";
import { deliveryOutcomes } from "@/lib/vocabulary/delivery-outcomes";
import { isSupportedDay, saoPauloInstant } from "@/lib/vocabulary/sao-paulo-dates";
import { walletStatuses } from "@/lib/vocabulary/transaction-statuses";

export const callbackLogIdSchema = z.uuid();

export const inboxFiltersSchema = z.object({
  status: z.catch(z.optional(z.enum(walletStatuses)), undefined),
  outcome: z.catch(z.optional(z.enum([...deliveryOutcomes, "problems"])), undefined),
  // datetime-local, read as São Paulo time (lib/vocabulary/sao-paulo-dates.ts); its day within the supported range.
  since: z.catch(
    z.optional(
      z.string().check(
        z.regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/),
        z.refine((text) => isSupportedDay(text.slice(0, 10))),
      ),
    ),
    undefined,
  ),
});

export function sinceAsDate(since: string | undefined): Date | undefined {
  return since ? saoPauloInstant(since.slice(0, 10), since.slice(11)) : undefined;
}
