// An e-mail address typed in a form (payer, counter default payer, operator): trimmed, checked,
// lower-cased. Its own module so a form that needs only this does not import a bigger schema.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";

export const maxEmailLength = 254;

export const emailFieldSchema = (emptyMessage: string) =>
  z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: emptyMessage }),
        z.maxLength(maxEmailLength, { error: msg("errors.email.tooLong", { max: maxEmailLength }) }),
      ),
    z.email({ error: msg("errors.email.invalid") }).check(z.toLowerCase()),
  );
