// Wrong second-factor codes at sign-in (after the password was right) are limited by the project,
// not by better-auth's built-in account lockout (turned off in lib/auth/auth.ts): its default locks
// the account for everyone after 10 wrong codes, so anyone holding only the password could keep the
// real owner locked out for as long as they liked. Here the limits are:
// - per account AND client address: 5 wrong codes within 15 minutes refuse codes for that account
//   from that address until the oldest of them is 15 minutes old. Someone guessing from one
//   address locks out only themselves;
// - per account, from every address together: 15 wrong codes within 15 minutes refuse codes for the
//   account everywhere, the same way. This bounds guessing from many addresses (at most 15 guesses
//   per 15 minutes, each with about a 3-in-a-million chance), and locking the owner out takes at
//   least 3 addresses guessing the whole time; it lifts 15 minutes after they stop.
// A right code clears that address's count. better-auth's own rule stays on top: a password step
// allows 5 codes, then the password must be entered again (lib/auth/sign-in-limiter.ts counts those).
// Counts are rows in better-auth's verification table (short-lived, shared by every instance), one
// per wrong code, expiring with the window.
import { randomUUID } from "node:crypto";
import { and, count, eq, gt, like, lte } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { verification } from "@/lib/db/schema";

export const maxWrongCodesFromOneAddress = 5;
export const maxWrongCodesPerAccount = 15;
export const wrongCodeWindowMs = 15 * 60_000;
export const wrongCodeWindowMinutes = wrongCodeWindowMs / 60_000;

const identifierPrefix = "second-factor-failure:";
const identifierOf = (userId: string) => `${identifierPrefix}${userId}`;

export type SecondFactorLock = "address" | "account" | null;

/** Which limit (if any) refuses a code for this account from this address right now. */
export async function secondFactorLock(db: Database, userId: string, address: string, now = new Date()): Promise<SecondFactorLock> {
  const live = and(eq(verification.identifier, identifierOf(userId)), gt(verification.expiresAt, now));
  const [fromAddress] = await db
    .select({ value: count() })
    .from(verification)
    .where(and(live, eq(verification.value, address)));
  if ((fromAddress?.value ?? 0) >= maxWrongCodesFromOneAddress) return "address";
  const [fromAnywhere] = await db.select({ value: count() }).from(verification).where(live);
  return (fromAnywhere?.value ?? 0) >= maxWrongCodesPerAccount ? "account" : null;
}

export async function recordWrongSecondFactor(db: Database, userId: string, address: string, now = new Date()): Promise<void> {
  // Expired counts of every account go first, so the table holds only live ones.
  await db.delete(verification).where(and(like(verification.identifier, `${identifierPrefix}%`), lte(verification.expiresAt, now)));
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: identifierOf(userId),
    value: address,
    expiresAt: new Date(now.getTime() + wrongCodeWindowMs),
    createdAt: now,
    updatedAt: now,
  });
}

/** A right code from this address: its earlier wrong ones no longer count (other addresses' still do). */
export async function clearWrongSecondFactors(db: Database, userId: string, address: string): Promise<void> {
  await db.delete(verification).where(and(eq(verification.identifier, identifierOf(userId)), eq(verification.value, address)));
}
