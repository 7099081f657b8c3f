// Input of "mark as read": some notifications by id, or all of the operator's unread ones.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";

export const markNotificationsReadSchema = z.union([
  z.object({
    ids: z
      .array(z.uuid({ error: msg("errors.notifications.unknown") }))
      .check(
        z.minLength(1, { error: msg("errors.notifications.noneChosen") }),
        z.maxLength(100, { error: msg("errors.notifications.tooMany", { max: 100 }) }),
      ),
  }),
  z.object({ all: z.literal(true) }),
]);
