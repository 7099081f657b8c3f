// Inputs of the counters domain: a counter with its quick-charge payer, and references by id.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";
import { documentSchema } from "@/lib/schemas/brazilian-documents";
import { emailFieldSchema } from "@/lib/schemas/email";
import { chosenStoreIdSchema } from "@/lib/schemas/store-choice";

export const maxCounterNameLength = 40;

export const counterFormSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: msg("errors.counter.nameEmpty") }),
      z.maxLength(maxCounterNameLength, { error: msg("errors.counter.nameTooLong", { max: maxCounterNameLength }) }),
    ),
  defaultPayerName: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: msg("errors.counter.payerNameEmpty") }),
      z.maxLength(100, { error: msg("errors.cashIn.payerNameTooLong", { max: 100 }) }),
    ),
  defaultPayerEmail: emailFieldSchema(msg("errors.counter.payerEmailEmpty")),
  defaultPayerDocument: documentSchema,
  /** The store whose till it is (issue #49): chosen when the operator may act for several. */
  storeId: chosenStoreIdSchema,
});
export type CounterFormInput = z.input<typeof counterFormSchema>;

export const counterReferenceSchema = z.object({ counterId: z.uuid({ error: msg("errors.counter.unknown") }) });
export const displayDeviceReferenceSchema = z.object({ deviceId: z.uuid({ error: msg("errors.counter.unknownDevice") }) });
