// Inputs of the counters domain: a counter with its quick-charge payer, and references by id.
import { z } from "zod";
import { documentSchema } from "@/lib/schemas/brazilian-documents";

export const counterFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "Name the counter, like Caixa 1." })
    .max(40, { error: "A counter name has at most 40 characters." }),
  defaultPayerName: z
    .string()
    .trim()
    .min(1, { error: "Enter the payer name quick charges use." })
    .max(100, { error: "Payer name must have at most 100 characters." }),
  defaultPayerEmail: z
    .string()
    .trim()
    .min(1, { error: "Enter the payer e-mail quick charges use." })
    .max(254, { error: "E-mail is too long." })
    .pipe(z.email({ error: "Enter a valid e-mail address, like name@company.com." }))
    .transform((email) => email.toLowerCase()),
  defaultPayerDocument: documentSchema,
});
export type CounterFormInput = z.input<typeof counterFormSchema>;

export const counterReferenceSchema = z.object({ counterId: z.uuid({ error: "Unknown counter." }) });
export const displayDeviceReferenceSchema = z.object({ deviceId: z.uuid({ error: "Unknown display device." }) });
