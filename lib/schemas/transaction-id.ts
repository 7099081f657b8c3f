// A local transaction id in an action's input or a URL.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";

export const transactionIdSchema = z.uuid({ error: msg("errors.transaction.unknown") });
export const transactionReferenceSchema = z.object({ transactionId: transactionIdSchema });
