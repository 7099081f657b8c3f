// The daily summary's settings as an admin saves them: on or off, the São Paulo time ("08:00") and
// which operators receive it. The settings form checks them with this schema too.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";

export const dailySummarySettingsSchema = z.object({
  enabled: z.boolean(),
  sendAt: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: msg("errors.dailySummary.sendAt") })),
  recipientUserIds: z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.maxLength(100)),
});
export type DailySummarySettingsInput = z.input<typeof dailySummarySettingsSchema>;
