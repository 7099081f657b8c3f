// A new session token after a step-up: the proven session gets a fresh token (and id) and the old
// one stops working, so a token captured before the step-up cannot ride on it. better-auth has no
// endpoint for this, so it uses its own session creation and cookie signing.
import "server-only";
import { eq } from "drizzle-orm";
import { makeSignature } from "better-auth/crypto";
import { cookies, headers } from "next/headers";
import type { Auth } from "@/lib/auth/auth";
import type { Database } from "@/lib/db/client";
import { session, sessionActivity } from "@/lib/db/schema";

export async function rotateSessionToken(
  auth: Auth,
  db: Database,
  current: { userId: string; sessionId: string; address: string },
): Promise<void> {
  const context = await auth.$context;
  const requestHeaders = await headers();
  const [old] = await db
    .select({ createdAt: session.createdAt, expiresAt: session.expiresAt, steppedUpAt: sessionActivity.steppedUpAt })
    .from(session)
    .leftJoin(sessionActivity, eq(sessionActivity.sessionId, session.id))
    .where(eq(session.id, current.sessionId));
  if (!old) return;
  // The new session keeps the old one's start and expiry (overrideAll: better-auth would otherwise
  // set both anew): a step-up never extends the absolute lifetime, and the cookie says so too.
  const created = await context.internalAdapter.createSession(
    current.userId,
    false,
    { ipAddress: current.address, userAgent: requestHeaders.get("user-agent") ?? "", createdAt: old.createdAt, expiresAt: old.expiresAt },
    true,
  );
  // ...and the old one's step-up time, not the sign-in mark the session hook gives a new session.
  await db
    .insert(sessionActivity)
    .values({ sessionId: created.id, lastSeenAt: new Date(), steppedUpAt: old.steppedUpAt })
    .onConflictDoUpdate({ target: sessionActivity.sessionId, set: { steppedUpAt: old.steppedUpAt } });
  const cookie = context.authCookies.sessionToken;
  const maxAge = Math.max(0, Math.floor((old.expiresAt.getTime() - Date.now()) / 1000));
  const { secure, httpOnly, path, domain, sameSite } = cookie.attributes;
  (await cookies()).set(cookie.name, `${created.token}.${await makeSignature(created.token, context.secret)}`, {
    secure,
    httpOnly,
    path,
    domain,
    sameSite: sameSite ? (sameSite.toLowerCase() as "lax" | "strict" | "none") : undefined,
    maxAge,
  });
  await db.delete(session).where(eq(session.id, current.sessionId));
}
