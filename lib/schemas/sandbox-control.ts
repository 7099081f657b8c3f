// A QA's status change at the sandbox wallet (expire a charge, settle or fail a cash-out now).
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";
import { transactionIdSchema } from "@/lib/schemas/transaction-id";

export const sandboxStatusChanges = ["expireCashIn", "settleCashOut", "failCashOut"] as const;
export type SandboxStatusChangeName = (typeof sandboxStatusChanges)[number];

/** Which kind of transaction each change applies to. */
export const kindOfSandboxStatusChange = { expireCashIn: "CASH_IN", settleCashOut: "CASH_OUT", failCashOut: "CASH_OUT" } as const;

export const sandboxStatusChangeSchema = z.object({
  transactionId: transactionIdSchema,
  change: z.enum(sandboxStatusChanges, { error: msg("errors.sandbox.chooseStatusChange") }),
});
export type SandboxStatusChangeInput = z.input<typeof sandboxStatusChangeSchema>;
