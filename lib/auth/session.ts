// The signed-in operator, read from the session on the server. Pages use requirePageOperator;
// server actions go through operatorAction (lib/actions/operator-action.ts). Here the security
// policy is applied on every request: disabled operators, idle and absolute session limits, and
// the "enrol two-factor / change your password first" states.
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getAuth } from "@/lib/auth/auth";
import type { Operator, PendingStep } from "@/lib/auth/operator";
import { roleCan, type Capability } from "@/lib/auth/roles";
import { policyFromRow } from "@/lib/auth/security-settings";
import { operatorRoleSchema } from "@/lib/schemas/operator-role";
import { applySessionActivity } from "@/lib/auth/session-activity";
import type { Database } from "@/lib/db/client";
import { oncePerDatabase } from "@/lib/db/prepared";
import { unreadNotificationsCount } from "@/lib/db/queries/notifications";
import { chosenStoreExists, grantedStoreIdsOf, visibleStoresOf } from "@/lib/db/queries/operator-stores";
import { operatorSecurity, securitySettings, session, sessionActivity, user } from "@/lib/db/schema";
import { getRuntime } from "@/lib/server/runtime";
import { narrowStoreScope, storeChoiceCookieName, storeScopeOfGrants } from "@/lib/vocabulary/store-scope";

/**
 * The request's Cookie header with our auth cookies as they are now: a server action that replaced
 * the session token (step-up, password change) re-renders the page in the same request, and
 * headers() still carries the old, deleted token — cookies() has the new one.
 */
async function currentCookieHeader(): Promise<string> {
  const jar = new Map<string, string>();
  for (const pair of ((await headers()).get("cookie") ?? "").split(/;\s*/).filter(Boolean))
    jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
  for (const cookie of (await cookies()).getAll()) {
    if (cookie.name.includes("wallet-dashboard.")) jar.set(cookie.name, encodeURIComponent(cookie.value));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/**
 * The session token from better-auth's signed session cookie, or null: the cookie holds
 * `<token>.<signature>`, URL-encoded, the signature being the token's HMAC-SHA256 under the auth
 * secret in base64 (better-call's signed cookies, which better-auth sets at sign-in).
 */
function signedSessionToken(cookieHeader: string, cookieName: string, secret: string): string | null {
  const raw = cookieHeader
    .split(/;\s*/)
    .find((pair) => pair.slice(0, pair.indexOf("=")) === cookieName)
    ?.slice(cookieName.length + 1);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  // Exactly one padded base64 SHA-256 (44 characters), as better-call requires: Node's decoder
  // would otherwise accept anything after a valid signature.
  const encoded = value.slice(dot + 1);
  if (!/^[A-Za-z0-9+/]{43}=$/.test(encoded)) return null;
  const signature = Buffer.from(encoded, "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/** A cookie's value from the request's Cookie header, or null. */
function cookieValue(cookieHeader: string, name: string): string | null {
  const raw = cookieHeader
    .split(/;\s*/)
    .find((pair) => pair.slice(0, pair.indexOf("=")) === name)
    ?.slice(name.length + 1);
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

function sessionReadQuery(db: Database, forPage: boolean) {
  return db
    .select({
      // What the shell shows on every page: the unread count and the store switcher's stores.
      unreadNotifications: forPage ? unreadNotificationsCount(user.id) : sql<null>`null`,
      visibleStores: forPage ? visibleStoresOf(user.id) : sql<null>`null`,
      sessionId: session.id,
      sessionCreatedAt: session.createdAt,
      expiresAt: session.expiresAt,
      userId: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      banned: user.banned,
      twoFactorEnabled: user.twoFactorEnabled,
      settingsId: securitySettings.id,
      twoFactorRequiredRoles: securitySettings.twoFactorRequiredRoles,
      idleTimeoutMinutes: securitySettings.idleTimeoutMinutes,
      absoluteLifetimeMinutes: securitySettings.absoluteLifetimeMinutes,
      activitySessionId: sessionActivity.sessionId,
      lastSeenAt: sessionActivity.lastSeenAt,
      steppedUpAt: sessionActivity.steppedUpAt,
      mustChangePassword: operatorSecurity.mustChangePassword,
      // The stores the operator's role applies to (null: all), in the same round trip.
      grantedStoreIds: grantedStoreIdsOf(user.id),
      // Whether the store switcher's choice (its cookie, "" when none) names a store that exists.
      chosenStoreExists: chosenStoreExists(sql.placeholder("chosenStore")),
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(securitySettings, eq(securitySettings.id, 1))
    .leftJoin(sessionActivity, eq(sessionActivity.sessionId, session.id))
    .leftJoin(operatorSecurity, eq(operatorSecurity.userId, session.userId))
    .where(eq(session.token, sql.placeholder("token")));
}

// Prepared once (lib/db/prepared.ts): the statement every page and action runs first.
const pageSessionRead = oncePerDatabase((db) => sessionReadQuery(db, true).prepare("session_read_for_page"));
const sessionRead = oncePerDatabase((db) => sessionReadQuery(db, false).prepare("session_read"));

/**
 * The session, its operator and what the policy checks need (the security policy, this session's
 * activity, the must-change-password flag) in one round trip. This is better-auth's own session
 * read (sessions never slide here: disableSessionRefresh) joined with ours; better-auth still
 * creates, rotates and ends every session. For a page, the same statement counts the operator's
 * unread notifications for the header and lists the stores the switcher offers.
 */
async function readSession(db: Database, token: string, forPage: boolean, chosenStore: string) {
  const [row] = await (forPage ? pageSessionRead(db) : sessionRead(db)).execute({ token, chosenStore });
  if (!row) return null;
  return {
    ...row,
    policy: policyFromRow(
      row.settingsId == null
        ? null
        : {
            twoFactorRequiredRoles: row.twoFactorRequiredRoles!,
            idleTimeoutMinutes: row.idleTimeoutMinutes!,
            absoluteLifetimeMinutes: row.absoluteLifetimeMinutes!,
          },
    ),
    activity: row.activitySessionId == null ? null : { lastSeenAt: row.lastSeenAt!, steppedUpAt: row.steppedUpAt ?? null },
  };
}

/** A dashboard page's operator, with what its shell shows: the unread count, and the stores they may see (the switcher's). */
export type PageOperator = Operator & { unreadNotifications: number; visibleStores: Array<{ id: string; name: string }> };

/** The signed-in operator, and what a page's shell shows when it was asked for (null otherwise). */
type Lookup = { operator: Operator; unreadNotifications: number | null; visibleStores: PageOperator["visibleStores"] | null };

async function lookUpOperator(cookieHeader: string, forPage: boolean): Promise<Lookup | null> {
  const auth = await getAuth();
  const { authCookies, secret } = await auth.$context;
  const token = signedSessionToken(cookieHeader, authCookies.sessionToken.name, secret);
  if (!token) return null;
  const { db } = await getRuntime();
  const chosenStore = cookieValue(cookieHeader, storeChoiceCookieName) ?? "";
  const found = await readSession(db, token, forPage, chosenStore);
  if (!found) return null;
  if (found.expiresAt.getTime() <= Date.now()) {
    // As better-auth does when it meets an expired session.
    await db.delete(session).where(eq(session.id, found.sessionId));
    return null;
  }
  if (found.banned) return null;
  const check = await applySessionActivity(db, { id: found.sessionId, createdAt: found.sessionCreatedAt }, found.policy, found.activity);
  if (!check.alive) return null;
  const parsedRole = operatorRoleSchema.safeParse(found.role);
  const role = parsedRole.success ? parsedRole.data : "viewer";
  const twoFactorEnabled = Boolean(found.twoFactorEnabled);
  const pending: PendingStep = found.mustChangePassword
    ? "change-password"
    : !twoFactorEnabled && found.policy.twoFactorRequiredRoles.includes(role)
      ? "enrol-two-factor"
      : null;
  // What the operator may see, and what this request shows: the store switcher's cookie narrows the
  // grants to one store it allows, and is ignored otherwise (lib/vocabulary/store-scope.ts).
  const storeGrants = storeScopeOfGrants(found.grantedStoreIds);
  const stores = narrowStoreScope(storeGrants, found.chosenStoreExists ? chosenStore : null);
  return {
    operator: {
      id: found.userId,
      email: found.email,
      name: found.name,
      role,
      sessionId: found.sessionId,
      twoFactorEnabled,
      pending,
      storeGrants,
      stores,
    },
    unreadNotifications: found.unreadNotifications,
    visibleStores: found.visibleStores,
  };
}

/**
 * One lookup per rendered page: the layout and the page (rendered in parallel) both ask, and share
 * the answer. React's cache lives for one server render only, and outside a render (a server action
 * running) it does not cache at all, so a revoked session or a disabled operator is still seen on
 * the very next request. Keyed by the cookies themselves (a different session is a different
 * lookup) and by whether the shell's figures are wanted (pages want them; actions and APIs do not).
 */
const lookUpOperatorOncePerRender = cache(lookUpOperator);

export async function getCurrentOperator(): Promise<Operator | null> {
  return (await lookUpOperatorOncePerRender(await currentCookieHeader(), false))?.operator ?? null;
}

export const pendingStepPaths: Record<Exclude<PendingStep, null>, string> = {
  "enrol-two-factor": "/enrol-two-factor",
  "change-password": "/change-password",
};

/**
 * For pages: the operator, or a redirect to sign-in (or to the step they must finish first); with a
 * capability, a redirect to the access-denied page; `wholeMerchant`: the same for an operator shown
 * some stores only (their grants or the store switcher). The layout and the page share one lookup,
 * which also counts the header's unread notifications and lists the stores the operator may see.
 */
export async function requirePageOperator(capability?: Capability, options: { wholeMerchant?: boolean } = {}): Promise<PageOperator> {
  const found = await lookUpOperatorOncePerRender(await currentCookieHeader(), true);
  if (!found) redirect("/sign-in");
  const { operator } = found;
  if (operator.pending) redirect(pendingStepPaths[operator.pending]);
  if (capability && !roleCan(operator.role, capability)) redirect("/access-denied");
  // A page of the merchant as a whole (issue #49: not yet per store) is for those shown all stores.
  if (options.wholeMerchant && !operator.stores.all) redirect("/access-denied?reason=stores");
  return { ...operator, unreadNotifications: found.unreadNotifications ?? 0, visibleStores: found.visibleStores ?? [] };
}
