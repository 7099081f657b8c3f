// A local transaction id in an action's input or a URL.
import { z } from "zod";

export const transactionIdSchema = z.uuid({ error: "Unknown transaction." });
export const transactionReferenceSchema = z.object({ transactionId: transactionIdSchema });
