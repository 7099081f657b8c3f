// Input of the alert channels form: e-mail on/off and its recipients, webhook on/off and its URL,
// and whether to create a new signing secret. Every field's problem is reported on that field.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";

export const maxAlertRecipients = 10;

/** Encoded message keys (lib/i18n/message.ts), translated where they are shown. */
export const alertChannelErrors = {
  recipients: msg("errors.alerts.recipients"),
  tooManyRecipients: msg("errors.alerts.tooManyRecipients", { max: maxAlertRecipients }),
  recipientsRequired: msg("errors.alerts.recipientsRequired"),
  webhookUrl: msg("errors.alerts.webhookUrl"),
  webhookRequired: msg("errors.alerts.webhookRequired"),
} as const;

const emailSchema = z.email();

/** "a@x.com, b@y.com" to a clean list; undefined when any entry is not an address. */
export function parseRecipients(text: string): string[] | undefined {
  const entries = text
    .split(/[,;\s]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.every((entry) => emailSchema.safeParse(entry).success) ? entries : undefined;
}

export const updateAlertChannelsSchema = z
  .object({
    emailEnabled: z.boolean(),
    emailRecipients: z.string().check(z.maxLength(2_000)),
    webhookEnabled: z.boolean(),
    webhookUrl: z.string().check(z.trim(), z.maxLength(2_000)),
    rotateSecret: z.boolean(),
  })
  .check(
    z.superRefine((input, context) => {
      const recipients = parseRecipients(input.emailRecipients);
      if (!recipients) context.addIssue({ code: "custom", path: ["emailRecipients"], message: alertChannelErrors.recipients });
      else if (recipients.length > maxAlertRecipients)
        context.addIssue({ code: "custom", path: ["emailRecipients"], message: alertChannelErrors.tooManyRecipients });
      else if (input.emailEnabled && recipients.length === 0)
        context.addIssue({ code: "custom", path: ["emailRecipients"], message: alertChannelErrors.recipientsRequired });
      if (input.webhookUrl) {
        const url = z.url({ protocol: /^https?$/ }).safeParse(input.webhookUrl);
        if (!url.success) context.addIssue({ code: "custom", path: ["webhookUrl"], message: alertChannelErrors.webhookUrl });
      } else if (input.webhookEnabled) {
        context.addIssue({ code: "custom", path: ["webhookUrl"], message: alertChannelErrors.webhookRequired });
      }
    }),
  );
