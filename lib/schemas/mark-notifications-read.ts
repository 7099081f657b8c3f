// Input of "mark as read": some notifications by id, or all of the operator's unread ones.
import { z } from "zod";

export const markNotificationsReadSchema = z.union([
  z.object({
    ids: z
      .array(z.uuid({ error: "Not a notification id." }))
      .min(1, { error: "Choose at least one notification." })
      .max(100, { error: "At most 100 at a time." }),
  }),
  z.object({ all: z.literal(true) }),
]);
