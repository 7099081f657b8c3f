// The signed-in operator, read from the session on the server. Pages use requirePageOperator;
// server actions go through operatorAction (lib/actions/operator-action.ts). Here the security
// policy is applied on every request: disabled operators, idle and absolute session limits, and
// the "enrol two-factor / change your password first" states.
import "server-only";
import { eq, sql } from "drizzle-orm";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getAuth } from "@/lib/auth/auth";
import type { Operator, PendingStep } from "@/lib/auth/operator";
import { operatorRoleSchema, roleCan, type Capability } from "@/lib/auth/roles";
import { policyFromRow } from "@/lib/auth/security-settings";
import { applySessionActivity } from "@/lib/auth/session-activity";
import type { Database } from "@/lib/db/client";
import { operatorSecurity, securitySettings, sessionActivity } from "@/lib/db/schema";
import { getRuntime } from "@/lib/server/runtime";

/**
 * The request's headers with our auth cookies as they are now: a server action that replaced the
 * session token (step-up, password change) re-renders the page in the same request, and headers()
 * still carries the old, deleted token — cookies() has the new one.
 */
async function currentAuthHeaders(): Promise<Headers> {
  const requestHeaders = new Headers(await headers());
  const jar = new Map<string, string>();
  for (const pair of (requestHeaders.get("cookie") ?? "").split(/;\s*/).filter(Boolean))
    jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
  for (const cookie of (await cookies()).getAll()) {
    if (cookie.name.includes("wallet-dashboard.")) jar.set(cookie.name, encodeURIComponent(cookie.value));
  }
  requestHeaders.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
  return requestHeaders;
}

/**
 * What the policy checks need beside better-auth's session and user, in one round trip instead of
 * three: the security policy, this session's activity row and the operator's must-change-password flag.
 */
async function readSecurityState(db: Database, sessionId: string, userId: string) {
  const [state] = await db
    .select({
      settingsId: securitySettings.id,
      twoFactorRequiredRoles: securitySettings.twoFactorRequiredRoles,
      idleTimeoutMinutes: securitySettings.idleTimeoutMinutes,
      absoluteLifetimeMinutes: securitySettings.absoluteLifetimeMinutes,
      activitySessionId: sessionActivity.sessionId,
      lastSeenAt: sessionActivity.lastSeenAt,
      steppedUpAt: sessionActivity.steppedUpAt,
      mustChangePassword: operatorSecurity.mustChangePassword,
    })
    .from(sql`(select 1) as request`)
    .leftJoin(securitySettings, eq(securitySettings.id, 1))
    .leftJoin(sessionActivity, eq(sessionActivity.sessionId, sessionId))
    .leftJoin(operatorSecurity, eq(operatorSecurity.userId, userId));
  return {
    policy: policyFromRow(
      state?.settingsId == null
        ? null
        : {
            twoFactorRequiredRoles: state.twoFactorRequiredRoles!,
            idleTimeoutMinutes: state.idleTimeoutMinutes!,
            absoluteLifetimeMinutes: state.absoluteLifetimeMinutes!,
          },
    ),
    activity: state?.activitySessionId == null ? null : { lastSeenAt: state.lastSeenAt!, steppedUpAt: state.steppedUpAt ?? null },
    mustChangePassword: Boolean(state?.mustChangePassword),
  };
}

async function lookUpOperator(cookieHeader: string): Promise<Operator | null> {
  const requestHeaders = new Headers(await headers());
  requestHeaders.set("cookie", cookieHeader);
  const auth = await getAuth();
  const found = await auth.api.getSession({ headers: requestHeaders });
  if (!found || found.user.banned) return null;
  const { db } = await getRuntime();
  const { policy, activity, mustChangePassword } = await readSecurityState(db, found.session.id, found.user.id);
  const check = await applySessionActivity(db, { id: found.session.id, createdAt: new Date(found.session.createdAt) }, policy, activity);
  if (!check.alive) return null;
  const parsedRole = operatorRoleSchema.safeParse(found.user.role);
  const role = parsedRole.success ? parsedRole.data : "viewer";
  const twoFactorEnabled = Boolean((found.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled);
  const pending: PendingStep = mustChangePassword
    ? "change-password"
    : !twoFactorEnabled && policy.twoFactorRequiredRoles.includes(role)
      ? "enrol-two-factor"
      : null;
  return {
    id: found.user.id,
    email: found.user.email,
    name: found.user.name,
    role,
    sessionId: found.session.id,
    twoFactorEnabled,
    pending,
  };
}

/**
 * One lookup per rendered page: the layout and the page (rendered in parallel) both ask, and share
 * the answer. React's cache lives for one server render only, and outside a render (a server action
 * running) it does not cache at all, so a revoked session or a disabled operator is still seen on
 * the very next request. Keyed by the cookies themselves: a different session is a different lookup.
 */
const lookUpOperatorOncePerRender = cache(lookUpOperator);

export async function getCurrentOperator(): Promise<Operator | null> {
  return lookUpOperatorOncePerRender((await currentAuthHeaders()).get("cookie") ?? "");
}

export const pendingStepPaths: Record<Exclude<PendingStep, null>, string> = {
  "enrol-two-factor": "/enrol-two-factor",
  "change-password": "/change-password",
};

/** For pages: the operator, or a redirect to sign-in (or to the step they must finish first); with a capability, a redirect to the access-denied page. */
export async function requirePageOperator(capability?: Capability): Promise<Operator> {
  const operator = await getCurrentOperator();
  if (!operator) redirect("/sign-in");
  if (operator.pending) redirect(pendingStepPaths[operator.pending]);
  if (capability && !roleCan(operator.role, capability)) redirect("/access-denied");
  return operator;
}
