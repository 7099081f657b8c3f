// The notification centre's reads and writes: the unread count for the header, the list with each
// operator's read state, and marking as read (idempotent: reading twice changes nothing). Each
// reads only what the operator may see (issue #49): a store's notifications if granted that store,
// the merchant's (no store) if granted every store.
import { and, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { newestFirst } from "@/lib/db/queries/list-keyset";
import { alertIncidents, notificationReads, notifications, operatorStoreGrants, user } from "@/lib/db/schema";

/** Whether the operator sees a notification: granted every store (no grant row), or its store. */
function visibleTo(userId: SQLWrapper | string): SQL {
  return sql`(not exists (select 1 from ${operatorStoreGrants} where ${operatorStoreGrants.userId} = ${userId})
    or exists (select 1 from ${operatorStoreGrants} where ${operatorStoreGrants.userId} = ${userId} and ${operatorStoreGrants.storeId} = ${notifications.storeId}))`;
}

/**
 * How many notifications the centre lists, the newest the operator may see; the header's count is
 * of the unread among them, so it reads at most this many whatever the table holds (it counted
 * every notification ever raised, on every page and every 5-second poll of the badge: 5,000 rows
 * after a year of alerts, app/(dashboard)/pages-read-by-index.integration.test.ts). An unread one
 * older than these is not listed either; the badge shows "99+" from 100.
 */
export const notificationsShown = 100;

/**
 * The operator's unread count as a subquery, for a statement that reads the operator anyway: every
 * dashboard page reads it with its session (lib/auth/session.ts), one statement instead of two in
 * a row before the header can render.
 */
export function unreadNotificationsCount(userId: SQLWrapper | string): SQL<number> {
  return sql<number>`(select count(*)::int from ${newestVisible(userId)} as newest where not exists (select 1 from ${notificationReads} where ${notificationReads.notificationId} = newest.id and ${notificationReads.userId} = ${userId}))`;
}

/**
 * The newest `notificationsShown` notifications the operator may see, as a subquery of (id,
 * created_at), reading at most that many rows per branch: every notification, the merchant's
 * included, for an operator granted every store (no grant row); else each granted store's newest
 * on the store's index (migration 0047), merged. As one filter (visibleTo) the read walked every
 * notification to find an operator of some stores theirs.
 */
function newestVisible(userId: SQLWrapper | string): SQL {
  const order = sql.join(newestFirst(notifications.createdAt, notifications.id), sql`, `);
  return sql`(select visible.id, visible.created_at from (
      (select ${notifications.id} as id, ${notifications.createdAt} as created_at from ${notifications}
        where not exists (select 1 from ${operatorStoreGrants} where ${operatorStoreGrants.userId} = ${userId})
        order by ${order} limit ${notificationsShown})
      union all
      (select granted.id, granted.created_at from ${operatorStoreGrants} cross join lateral (
          select ${notifications.id} as id, ${notifications.createdAt} as created_at from ${notifications}
          where ${notifications.storeId} = ${operatorStoreGrants.storeId}
          order by ${order} limit ${notificationsShown}) as granted
        where ${operatorStoreGrants.userId} = ${userId})
    ) as visible
    order by visible.created_at desc nulls last, visible.id desc nulls last limit ${notificationsShown})`;
}

export async function countUnreadNotifications(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: unreadNotificationsCount(userId) })
    .from(user)
    .where(eq(user.id, userId));
  return Number(row?.n ?? 0);
}

/** The notification centre's list: the newest the operator may see, with their read state. */
export function listNotifications(db: Database, userId: string) {
  return (
    db
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
      // The ids read once as an array, then each row by its key (as an `in (…)` semi join PostgreSQL
      // may hash every notification against them).
      .where(sql`${notifications.id} = any(array(select newest.id from ${newestVisible(userId)} as newest))`)
      .orderBy(...newestFirst(notifications.createdAt, notifications.id))
  );
}

/**
 * Marks the given notifications read for this operator, or "all": those the centre lists (its
 * newest `notificationsShown`, which the header counts), so the badge reads 0 after it, and the
 * statement reads at most that many whatever the table holds (it read every unread notification
 * ever raised). Returns how many changed.
 */
export async function markNotificationsRead(db: Database, userId: string, target: { ids: string[] } | { all: true }): Promise<number> {
  const ids =
    "all" in target
      ? (
          (await db.execute(sql`select newest.id as id from ${newestVisible(userId)} as newest`)) as unknown as {
            rows: Array<{ id: string }>;
          }
        ).rows.map((row) => row.id)
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
