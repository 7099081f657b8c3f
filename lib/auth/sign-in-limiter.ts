// Failed sign-ins are limited per account: after 3 failures in a row within a minute, further
// attempts for that e-mail are refused until the minute has passed. Kept in the database (not in
// memory) so it holds across instances and restarts, and applied inside better-auth's hooks so it
// covers every path that signs in, including auth.api calls from server actions.
import { and, count, desc, eq, gt } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { signInAttempts } from "@/lib/db/schema";

export const maxFailedSignInsInARow = 3;
export const failedSignInWindowMs = 60_000;
export const tooManyAttemptsMessage = "Too many failed sign-in attempts for this account. Wait a minute, then try again.";

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** True when the account has had too many failures in a row within the window. */
export async function isSignInLocked(db: Database, email: string, now = new Date()): Promise<boolean> {
  const windowStart = new Date(now.getTime() - failedSignInWindowMs);
  const normalised = normaliseEmail(email);
  const [lastSuccess] = await db
    .select({ attemptedAt: signInAttempts.attemptedAt })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.email, normalised), eq(signInAttempts.succeeded, true)))
    .orderBy(desc(signInAttempts.attemptedAt))
    .limit(1);
  const since = lastSuccess && lastSuccess.attemptedAt > windowStart ? lastSuccess.attemptedAt : windowStart;
  const [failures] = await db
    .select({ value: count() })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.email, normalised), eq(signInAttempts.succeeded, false), gt(signInAttempts.attemptedAt, since)));
  return (failures?.value ?? 0) >= maxFailedSignInsInARow;
}

export async function recordSignInAttempt(db: Database, email: string, succeeded: boolean): Promise<void> {
  await db.insert(signInAttempts).values({ email: normaliseEmail(email), succeeded });
}
