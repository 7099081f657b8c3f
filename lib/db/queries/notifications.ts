// The notification centre's reads and writes: the unread count for the header, the list with each
// operator's read state, and marking as read (idempotent: reading twice changes nothing).
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { alertIncidents, notificationReads, notifications } from "@/lib/db/schema";

export async function countUnreadNotifications(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .leftJoin(notificationReads, and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, userId)))
    .where(isNull(notificationReads.notificationId));
  return Number(row?.n ?? 0);
}

export function listNotifications(db: Database, userId: string, limit = 100) {
  return db
    .select({
      id: notifications.id,
      createdAt: notifications.createdAt,
      rule: alertIncidents.rule,
      details: alertIncidents.details,
      href: alertIncidents.href,
      readAt: notificationReads.readAt,
    })
    .from(notifications)
    .innerJoin(alertIncidents, eq(alertIncidents.id, notifications.incidentId))
    .leftJoin(notificationReads, and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, userId)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** Marks the given notifications (or all of them) read for this operator; returns how many changed. */
export async function markNotificationsRead(db: Database, userId: string, target: { ids: string[] } | { all: true }): Promise<number> {
  const ids =
    "all" in target
      ? (
          await db
            .select({ id: notifications.id })
            .from(notifications)
            .leftJoin(notificationReads, and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, userId)))
            .where(isNull(notificationReads.notificationId))
        ).map((row) => row.id)
      : (await db.select({ id: notifications.id }).from(notifications).where(inArray(notifications.id, target.ids))).map((row) => row.id);
  if (!ids.length) return 0;
  const inserted = await db
    .insert(notificationReads)
    .values(ids.map((notificationId) => ({ notificationId, userId, readAt: sql`now()` as unknown as Date })))
    .onConflictDoNothing()
    .returning({ id: notificationReads.notificationId });
  return inserted.length;
}
