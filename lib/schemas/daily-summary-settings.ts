// The daily summary's settings as an admin saves them: on or off, the São Paulo time ("08:00") and
// which operators receive it.
import { z } from "zod";

export const dailySummarySettingsSchema = z.object({
  enabled: z.boolean(),
  sendAt: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  recipientUserIds: z.array(z.string().min(1).max(100)).max(100),
});
