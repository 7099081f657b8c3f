// The signed-in operator as every page and action reads it (getCurrentOperator): better-auth's signed
// session cookie is checked here, and the session, its operator, the policy, the session's activity
// and the must-change-password flag come from one query; each of them still decides on the very
// next request, and a cookie better-auth would refuse is refused here too.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { saveSecurityPolicy } from "@/lib/auth/security-settings";
import { getCurrentOperator, requirePageOperator } from "@/lib/auth/session";
import { tallyStatements } from "@/lib/db/statement-spans";
import {
  alertIncidents,
  notificationReads,
  notifications,
  operatorSecurity,
  securitySettings,
  session,
  sessionActivity,
  user,
} from "@/lib/db/schema";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let auth: ReturnType<typeof installTestRuntime>["auth"];

beforeAll(async () => {
  database = await openTestDatabase();
  ({ auth } = installTestRuntime(database));
});

afterAll(async () => {
  await database?.dispose();
});

async function sessionOf(cookieHeaders: Headers) {
  const found = await auth.api.getSession({ headers: cookieHeaders });
  if (!found) throw new Error("no session");
  return found;
}

describe("requirePageOperator", () => {
  it("counts the header's unread notifications in the same one statement", async () => {
    const viewer = await createOperatorSession(auth, { email: "bell.viewer@example.com", role: "viewer" });
    requestState.headers = viewer;
    const before = (await requirePageOperator()).unreadNotifications; // also records the first use
    const incidents = await database.db
      .insert(alertIncidents)
      .values([
        { rule: "callbacks_silent", incidentKey: "bell-test-1", href: "/" },
        { rule: "callbacks_silent", incidentKey: "bell-test-2", href: "/" },
      ])
      .returning({ id: alertIncidents.id });
    const created = await database.db
      .insert(notifications)
      .values(incidents.map((incident) => ({ incidentId: incident.id })))
      .returning({ id: notifications.id });
    const { user: viewerUser } = await sessionOf(viewer);
    await database.db.insert(notificationReads).values({ notificationId: created[0]!.id, userId: viewerUser.id });
    const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = vi.spyOn(client, "query");
    try {
      expect(await requirePageOperator()).toMatchObject({
        email: "bell.viewer@example.com",
        unreadNotifications: before + 1,
        // The store switcher's stores come with it too (a new merchant has its first store only).
        visibleStores: [{ id: expect.any(String), name: expect.any(String) }],
      });
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      query.mockRestore();
    }
    // Actions and APIs do not ask for the count.
    expect(await getCurrentOperator()).not.toHaveProperty("unreadNotifications");
  });
});

describe("getCurrentOperator", () => {
  it("reads the session, its operator and the security state in one round trip", async () => {
    const viewer = await createOperatorSession(auth, { email: "trips.viewer@example.com", role: "viewer" });
    requestState.headers = viewer;
    await getCurrentOperator(); // records the first use
    const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = vi.spyOn(client, "query");
    try {
      expect(await getCurrentOperator()).toMatchObject({ email: "trips.viewer@example.com", role: "viewer", pending: null });
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      query.mockRestore();
    }
  });

  it("applies the default policy without a settings row, and the stored one on the next request", async () => {
    await database.db.delete(securitySettings);
    const admin = await createOperatorSession(auth, { email: "policy.admin@example.com", role: "admin", twoFactor: false });
    requestState.headers = admin;
    expect(await getCurrentOperator()).toMatchObject({ role: "admin", pending: "enrol-two-factor" });
    await saveSecurityPolicy(database.db, { twoFactorRequiredRoles: [], idleTimeoutMinutes: 30, absoluteLifetimeMinutes: 720 }, "test");
    expect(await getCurrentOperator()).toMatchObject({ role: "admin", pending: null });
    await database.db.delete(securitySettings);
  });

  it("records the first use of a session that has no activity row yet", async () => {
    const viewer = await createOperatorSession(auth, { email: "first.viewer@example.com", role: "viewer" });
    const { session: current } = await sessionOf(viewer);
    await database.db.delete(sessionActivity).where(eq(sessionActivity.sessionId, current.id));
    requestState.headers = viewer;
    expect(await getCurrentOperator()).toMatchObject({ sessionId: current.id });
    expect(await database.db.select().from(sessionActivity).where(eq(sessionActivity.sessionId, current.id))).toHaveLength(1);
  });

  it("ends a session idle for longer than the stored policy allows", async () => {
    await saveSecurityPolicy(database.db, { twoFactorRequiredRoles: [], idleTimeoutMinutes: 5, absoluteLifetimeMinutes: 720 }, "test");
    const viewer = await createOperatorSession(auth, { email: "idle.viewer@example.com", role: "viewer" });
    const { session: current } = await sessionOf(viewer);
    await database.db
      .update(sessionActivity)
      .set({ lastSeenAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessionActivity.sessionId, current.id));
    requestState.headers = viewer;
    expect(await getCurrentOperator()).toBeNull();
    expect(await database.db.select().from(session).where(eq(session.id, current.id))).toHaveLength(0);
    await database.db.delete(securitySettings);
  });

  it("sends an operator whose password was reset to change it first", async () => {
    const viewer = await createOperatorSession(auth, { email: "reset.viewer@example.com", role: "viewer" });
    const { user: signedIn } = await sessionOf(viewer);
    requestState.headers = viewer;
    expect(await getCurrentOperator()).toMatchObject({ pending: null });
    await database.db
      .insert(operatorSecurity)
      .values({ userId: signedIn.id, mustChangePassword: true })
      .onConflictDoUpdate({ target: operatorSecurity.userId, set: { mustChangePassword: true } });
    expect(await getCurrentOperator()).toMatchObject({ pending: "change-password" });
  });

  it("refuses a banned (disabled) operator on the next request", async () => {
    const viewer = await createOperatorSession(auth, { email: "banned.viewer@example.com", role: "viewer" });
    requestState.headers = viewer;
    expect(await getCurrentOperator()).not.toBeNull();
    await database.db.update(user).set({ banned: true }).where(eq(user.email, "banned.viewer@example.com"));
    expect(await getCurrentOperator()).toBeNull();
  });

  it("refuses a cookie better-auth would refuse: a forged signature, no signature, an unknown token, garbage", async () => {
    const viewer = await createOperatorSession(auth, { email: "cookie.viewer@example.com", role: "viewer" });
    requestState.headers = viewer;
    expect(await getCurrentOperator()).toMatchObject({ email: "cookie.viewer@example.com" });
    const cookie = viewer.get("cookie")!;
    const [name, value] = cookie
      .split(/;\s*/)
      .find((pair) => pair.includes("session_token"))!
      .split("=") as [string, string];
    const [token, signature] = decodeURIComponent(value).split(".") as [string, string];
    const forgedSignature = `${signature.slice(0, 10)}${signature[10] === "A" ? "B" : "A"}${signature.slice(11)}`;
    const variants = [
      `${token}.${forgedSignature}`,
      token,
      `${token}.`,
      `other${token.slice(5)}.${signature}`,
      "%E0%A4%A",
      `${token}.${signature}${signature}`,
    ];
    for (const forged of variants) {
      requestState.headers = new Headers({ cookie: `${name}=${forged.startsWith("%") ? forged : encodeURIComponent(forged)}` });
      expect(await getCurrentOperator(), forged).toBeNull();
      // better-auth agrees.
      expect(await auth.api.getSession({ headers: requestState.headers }), forged).toBeNull();
    }
    requestState.headers = viewer;
    expect(await getCurrentOperator()).not.toBeNull();
  });

  it("refuses an expired session and removes it, as better-auth does", async () => {
    const viewer = await createOperatorSession(auth, { email: "expired.viewer@example.com", role: "viewer" });
    const { session: current } = await sessionOf(viewer);
    requestState.headers = viewer;
    expect(await getCurrentOperator()).not.toBeNull();
    await database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.id, current.id));
    expect(await getCurrentOperator()).toBeNull();
    expect(await database.db.select().from(session).where(eq(session.id, current.id))).toEqual([]);
  });

  it("refuses a signed-out session (its row deleted) on the next request", async () => {
    const viewer = await createOperatorSession(auth, { email: "signedout.viewer@example.com", role: "viewer" });
    requestState.headers = viewer;
    expect(await getCurrentOperator()).not.toBeNull();
    await auth.api.signOut({ headers: viewer });
    expect(await getCurrentOperator()).toBeNull();
  });
});

// What a warm, signed-in page request runs (issue #52): the shell's session, role, store grants,
// unread count and the switcher's stores are the one session read, and each page reads what it
// shows once. Pinned by the statements' names (operation and first table, lib/db/statement-spans.ts;
// the session read is named after its first subquery's table, notifications); on a running server,
// `npm run bench:page-cost` counts the same per request. Here React's per-render cache is not
// there, so the layout and the page are each tallied on their own, each with its session read.
describe("a page's statements", () => {
  const sessionRead = "SELECT notifications";
  const tallied = async (work: () => Promise<unknown>) => (await tallyStatements(work)).names.sort();

  it("are one statement for the shell, and only the page's own reads beside it", async () => {
    requestState.headers = await createOperatorSession(auth, { email: "statements.admin@example.com", role: "admin" });
    const { default: DashboardLayout } = await import("@/app/(dashboard)/layout");
    const { default: OverviewPage } = await import("@/app/(dashboard)/page");
    const { default: TransactionsPage } = await import("@/app/(dashboard)/transactions/page");
    const { default: ApprovalsPage } = await import("@/app/(dashboard)/approvals/page");
    const searchParams = () => Promise.resolve({});
    await DashboardLayout({ children: null }); // records the session's first use
    expect(await tallied(() => DashboardLayout({ children: null }))).toEqual([sessionRead]);
    // The charts (2), the delivery health with the rejected count (1), today's figures, whether any transaction exists.
    expect(await tallied(() => OverviewPage({ searchParams: searchParams() }))).toEqual(
      [
        sessionRead,
        "SELECT callback_deliveries",
        "SELECT overview_pay_time_rollups",
        "SELECT overview_rollups",
        "SELECT overview_rollups",
        "SELECT transactions",
      ].sort(),
    );
    // The list, its count (a ledger under the cap here; one past it is remembered: countLedgerRows), the saved views.
    expect(await tallied(() => TransactionsPage({ searchParams: searchParams() }))).toEqual(
      [sessionRead, "SELECT saved_views", "SELECT transactions", "SELECT transactions"].sort(),
    );
    // The queue (awaiting, decided), the policy and the day's totals (one statement, named after
    // the sent cash-outs' subquery: the day's sums, migration 0051).
    expect(await tallied(() => ApprovalsPage({ searchParams: searchParams() }))).toEqual(
      [
        sessionRead,
        "SELECT approval_policy",
        "SELECT cash_out_day_totals",
        "SELECT cash_out_request_items",
        "SELECT cash_out_request_items",
      ].sort(),
    );
  });
});
