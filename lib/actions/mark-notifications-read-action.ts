"use server";
// Marks notifications read for the signed-in operator (any role reads alerts).
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { markNotificationsRead } from "@/lib/db/queries/notifications";
import { markNotificationsReadSchema } from "@/lib/schemas/mark-notifications-read";

export const markNotificationsReadAction = operatorAction(
  { name: "notifications.markRead", capability: "read", input: markNotificationsReadSchema },
  async (input, { db, operator }) => {
    const changed = await markNotificationsRead(db, operator.id, input);
    // The unread count is in the header of every dashboard page.
    revalidatePath("/", "layout");
    return { ok: true, data: { changed } };
  },
);
