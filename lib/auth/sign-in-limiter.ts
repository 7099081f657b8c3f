// Failed sign-ins are limited two ways, both stored in the database so they hold across instances
// and restarts, and both applied inside better-auth's hooks so every path that signs in is covered:
// - per client address, across accounts: 10 failures within 15 minutes refuse that address (a
//   password spray from one address stops after 10 tries, whoever it targets);
// - per account AND address: 3 failures in a row within a minute refuse that account from that
//   address for the minute. Keyed by address too, so nobody can keep the real owner (signing in
//   from elsewhere) locked out; every role needs a TOTP code by default too (admin and finance
//   always), which a password alone from many addresses does not give (lib/auth/second-factor-limiter.ts).
import { and, count, desc, eq, gt } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { signInAttempts } from "@/lib/db/schema";

export const maxFailedSignInsInARow = 3;
export const failedSignInWindowMs = 60_000;
export const maxFailedSignInsPerAddress = 10;
export const addressWindowMs = 15 * 60_000;
export const tooManyAttemptsMessage = "Too many failed sign-in attempts for this account. Wait a minute, then try again.";
export const tooManyFromAddressMessage = "Too many failed sign-in attempts from your network address. Wait 15 minutes, then try again.";

export type SignInLock = "account" | "address" | null;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Which limit (if any) refuses this attempt right now. */
export async function signInLock(db: Database, email: string, address: string, now = new Date()): Promise<SignInLock> {
  const addressWindowStart = new Date(now.getTime() - addressWindowMs);
  const [fromAddress] = await db
    .select({ value: count() })
    .from(signInAttempts)
    .where(
      and(eq(signInAttempts.ipAddress, address), eq(signInAttempts.succeeded, false), gt(signInAttempts.attemptedAt, addressWindowStart)),
    );
  if ((fromAddress?.value ?? 0) >= maxFailedSignInsPerAddress) return "address";

  const windowStart = new Date(now.getTime() - failedSignInWindowMs);
  const normalised = normaliseEmail(email);
  const sameAccountAndAddress = and(eq(signInAttempts.email, normalised), eq(signInAttempts.ipAddress, address));
  const [lastSuccess] = await db
    .select({ attemptedAt: signInAttempts.attemptedAt })
    .from(signInAttempts)
    .where(and(sameAccountAndAddress, eq(signInAttempts.succeeded, true)))
    .orderBy(desc(signInAttempts.attemptedAt))
    .limit(1);
  const since = lastSuccess && lastSuccess.attemptedAt > windowStart ? lastSuccess.attemptedAt : windowStart;
  const [failures] = await db
    .select({ value: count() })
    .from(signInAttempts)
    .where(and(sameAccountAndAddress, eq(signInAttempts.succeeded, false), gt(signInAttempts.attemptedAt, since)));
  return (failures?.value ?? 0) >= maxFailedSignInsInARow ? "account" : null;
}

/** Kept for callers that only ask about one account from one address. */
export async function isSignInLocked(db: Database, email: string, address = "unknown", now = new Date()): Promise<boolean> {
  return (await signInLock(db, email, address, now)) !== null;
}

export async function recordSignInAttempt(db: Database, email: string, succeeded: boolean, address = "unknown"): Promise<void> {
  await db.insert(signInAttempts).values({ email: normaliseEmail(email), succeeded, ipAddress: address });
}
