// Per-session bookkeeping beside better-auth's session row: when it was last used (idle timeout),
// when it started (absolute lifetime) and when it last proved a second factor (step-up).
import { and, eq, lt } from "drizzle-orm";
import type { SecurityPolicy } from "@/lib/auth/security-settings";
import type { Database } from "@/lib/db/client";
import { session, sessionActivity } from "@/lib/db/schema";

/** Writing last use on every request is wasteful; a minute of slack on a 30-minute timeout is not. */
const lastSeenWriteIntervalMs = 60_000;

export type SessionCheck = { alive: true; steppedUpAt: Date | null } | { alive: false; reason: "idle" | "expired" };

/** Decides whether the session is still alive under the policy, ends it when not, and records its use. */
export async function touchSession(
  db: Database,
  current: { id: string; createdAt: Date },
  policy: SecurityPolicy,
  now = new Date(),
): Promise<SessionCheck> {
  const [activity] = await db.select().from(sessionActivity).where(eq(sessionActivity.sessionId, current.id));
  return applySessionActivity(db, current, policy, activity ?? null, now);
}

/** The session's activity row as read (absent: never recorded). */
export type SessionActivityRow = { lastSeenAt: Date; steppedUpAt: Date | null };

/**
 * touchSession for a caller that already read the activity row (in the same query as the rest of
 * the request's security state, lib/auth/session.ts): the same decision and the same writes.
 */
export async function applySessionActivity(
  db: Database,
  current: { id: string; createdAt: Date },
  policy: SecurityPolicy,
  activity: SessionActivityRow | null,
  now = new Date(),
): Promise<SessionCheck> {
  const lastSeenAt = activity?.lastSeenAt ?? current.createdAt;
  let reason: "idle" | "expired" | null = null;
  if (now.getTime() - current.createdAt.getTime() > policy.absoluteLifetimeMinutes * 60_000) reason = "expired";
  else if (now.getTime() - lastSeenAt.getTime() > policy.idleTimeoutMinutes * 60_000) reason = "idle";
  if (reason) {
    await db.delete(session).where(eq(session.id, current.id));
    return { alive: false, reason };
  }
  if (!activity) {
    await db.insert(sessionActivity).values({ sessionId: current.id, lastSeenAt: now }).onConflictDoNothing();
  } else if (now.getTime() - activity.lastSeenAt.getTime() > lastSeenWriteIntervalMs) {
    await db
      .update(sessionActivity)
      .set({ lastSeenAt: now })
      .where(and(eq(sessionActivity.sessionId, current.id), lt(sessionActivity.lastSeenAt, now)));
  }
  return { alive: true, steppedUpAt: activity?.steppedUpAt ?? null };
}

export async function markSteppedUp(db: Database, sessionId: string, now = new Date()): Promise<void> {
  await db
    .insert(sessionActivity)
    .values({ sessionId, lastSeenAt: now, steppedUpAt: now })
    .onConflictDoUpdate({ target: sessionActivity.sessionId, set: { steppedUpAt: now, lastSeenAt: now } });
}
