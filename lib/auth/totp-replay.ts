// A TOTP code is accepted once. better-auth's verify accepts any code of the current, previous or
// next 30-second step, as often as it is sent; this finds the step the code belongs to and claims
// it atomically (last_totp_step only moves forward), so a replayed or older code is refused.
import { sql } from "drizzle-orm";
import { createOTP } from "@better-auth/utils/otp";
import type { Database } from "@/lib/db/client";
import { operatorSecurity } from "@/lib/db/schema";

export const totpPeriodSeconds = 30;

/** The time step a code matches (within one step either side, like better-auth), or null. */
export async function matchingTotpStep(secret: string, code: string, now = Date.now()): Promise<number | null> {
  const current = Math.floor(now / 1000 / totpPeriodSeconds);
  const otp = createOTP(secret, { period: totpPeriodSeconds, digits: 6 });
  let matched: number | null = null;
  for (const step of [current - 1, current, current + 1]) {
    if ((await otp.hotp(step)) === code) matched = step;
  }
  return matched;
}

/** Claims the step for the operator; false when this step (or a later one) was already used. */
export async function claimTotpStep(db: Database, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .insert(operatorSecurity)
    .values({ userId, lastTotpStep: step })
    .onConflictDoUpdate({
      target: operatorSecurity.userId,
      set: { lastTotpStep: step, updatedAt: new Date() },
      setWhere: sql`${operatorSecurity.lastTotpStep} < ${step}`,
    })
    .returning({ userId: operatorSecurity.userId });
  return claimed.length > 0;
}
