// Inputs of the Callback logs pages: a log id to look up, and the deliveries list filters.
import * as z from "@/lib/schemas/zod";
import { deliveryOutcomes } from "@/lib/vocabulary/delivery-outcomes";
import { walletStatuses } from "@/lib/vocabulary/transaction-statuses";

export const callbackLogIdSchema = z.uuid();

export const inboxFiltersSchema = z.object({
  status: z.catch(z.optional(z.enum(walletStatuses)), undefined),
  outcome: z.catch(z.optional(z.enum([...deliveryOutcomes, "problems"])), undefined),
  // datetime-local, read as São Paulo time (UTC-3, no daylight saving since 2019).
  since: z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/))), undefined),
});

export function sinceAsDate(since: string | undefined): Date | undefined {
  return since ? new Date(`${since}:00-03:00`) : undefined;
}
