// Queries for offboarding and account security: active administrators, ending sessions, flags.
import { and, count, eq, isNull, ne, or } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { operatorSecurity, session, sessionActivity, user } from "@/lib/db/schema";

const isEnabled = or(isNull(user.banned), eq(user.banned, false));

/** Administrators other than the given one who can still sign in. */
export async function countOtherEnabledAdmins(db: Database, exceptUserId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(user)
    .where(and(eq(user.role, "admin"), ne(user.id, exceptUserId), isEnabled));
  return row?.value ?? 0;
}

export async function endAllSessionsOf(db: Database, userId: string): Promise<void> {
  await db.delete(session).where(eq(session.userId, userId));
}

export async function updateOperatorSecurity(
  db: Database,
  userId: string,
  values: Partial<Omit<typeof operatorSecurity.$inferInsert, "userId">>,
): Promise<void> {
  const set = { ...values, updatedAt: new Date() };
  await db
    .insert(operatorSecurity)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: operatorSecurity.userId, set });
}

/** The operator's sessions with their last use, most recently used first. */
export async function listOwnSessions(db: Database, userId: string) {
  const rows = await db
    .select({
      id: session.id,
      createdAt: session.createdAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      lastSeenAt: sessionActivity.lastSeenAt,
    })
    .from(session)
    .leftJoin(sessionActivity, eq(sessionActivity.sessionId, session.id))
    .where(eq(session.userId, userId));
  return rows
    .map((row) => ({ ...row, lastSeenAt: row.lastSeenAt ?? row.createdAt }))
    .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
}
