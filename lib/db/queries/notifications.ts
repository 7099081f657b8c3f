// The notification centre's reads and writes: the unread count for the header, the list with each
// operator's read state, and marking as read (idempotent: reading twice changes nothing). Each
// reads only what the operator may see (issue #49): a store's notifications if granted that store,
// the merchant's (no store) if granted every store.
import { and, desc, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { alertIncidents, notificationReads, notifications, operatorStoreGrants, user } from "@/lib/db/schema";

/** Whether the operator sees a notification: granted every store (no grant row), or its store. */
function visibleTo(userId: SQLWrapper | string): SQL {
  return sql`(not exists (select 1 from ${operatorStoreGrants} where ${operatorStoreGrants.userId} = ${userId})
    or exists (select 1 from ${operatorStoreGrants} where ${operatorStoreGrants.userId} = ${userId} and ${operatorStoreGrants.storeId} = ${notifications.storeId}))`;
}

/**
 * The operator's unread count as a subquery, for a statement that reads the operator anyway: every
 * dashboard page reads it with its session (lib/auth/session.ts), one statement instead of two in
 * a row before the header can render.
 */
export function unreadNotificationsCount(userId: SQLWrapper | string): SQL<number> {
  return sql<number>`(select count(*)::int from ${notifications} where not exists (select 1 from ${notificationReads} where ${notificationReads.notificationId} = ${notifications.id} and ${notificationReads.userId} = ${userId}) and ${visibleTo(userId)})`;
}

export async function countUnreadNotifications(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: unreadNotificationsCount(userId) })
    .from(user)
    .where(eq(user.id, userId));
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
    .where(visibleTo(userId))
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
            .where(and(isNull(notificationReads.notificationId), visibleTo(userId)))
        ).map((row) => row.id)
      : (
          await db
            .select({ id: notifications.id })
            .from(notifications)
            .where(and(inArray(notifications.id, target.ids), visibleTo(userId)))
        ).map((row) => row.id);
  if (!ids.length) return 0;
  const inserted = await db
    .insert(notificationReads)
    .values(ids.map((notificationId) => ({ notificationId, userId, readAt: sql`now()` as unknown as Date })))
    .onConflictDoNothing()
    .returning({ id: notificationReads.notificationId });
  return inserted.length;
}
