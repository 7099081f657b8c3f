// The signed-in operator, read from the session on the server. Pages use requirePageOperator;
// server actions go through operatorAction (lib/actions/operator-action.ts). Here the security
// policy is applied on every request: disabled operators, idle and absolute session limits, and
// the "enrol two-factor / change your password first" states.
import "server-only";
import { eq } from "drizzle-orm";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAuth } from "@/lib/auth/auth";
import type { Operator, PendingStep } from "@/lib/auth/operator";
import { operatorRoleSchema, roleCan, type Capability } from "@/lib/auth/roles";
import { getSecurityPolicy } from "@/lib/auth/security-settings";
import { touchSession } from "@/lib/auth/session-activity";
import { operatorSecurity } from "@/lib/db/schema";
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

export async function getCurrentOperator(): Promise<Operator | null> {
  const auth = await getAuth();
  const found = await auth.api.getSession({ headers: await currentAuthHeaders() });
  if (!found || found.user.banned) return null;
  const { db } = await getRuntime();
  const policy = await getSecurityPolicy(db);
  const check = await touchSession(db, { id: found.session.id, createdAt: new Date(found.session.createdAt) }, policy);
  if (!check.alive) return null;
  const parsedRole = operatorRoleSchema.safeParse(found.user.role);
  const role = parsedRole.success ? parsedRole.data : "viewer";
  const twoFactorEnabled = Boolean((found.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled);
  const [security] = await db
    .select({ mustChangePassword: operatorSecurity.mustChangePassword })
    .from(operatorSecurity)
    .where(eq(operatorSecurity.userId, found.user.id));
  const pending: PendingStep = security?.mustChangePassword
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
