// Operator account security, called the way a script or an attacker could: better-auth's API and
// the server actions directly, on a real database. Covers one-use TOTP codes, backup codes, the
// step-up guard on every sensitive action, idle sessions, offboarding, password resets and the
// per-address sign-in limit.
import { inEnglish } from "@/test/support/in-english";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { changeOperatorRoleAction } from "@/lib/actions/change-operator-role-action";
import { changeOwnPasswordAction } from "@/lib/actions/change-own-password-action";
import { createCashOutAction } from "@/lib/actions/create-cash-out-action";
import { createOperatorAction } from "@/lib/actions/create-operator-action";
import { disableOperatorAction } from "@/lib/actions/disable-operator-action";
import { enableOperatorAction } from "@/lib/actions/enable-operator-action";
import { simulatePaymentAction } from "@/lib/actions/simulate-payment-action";
import { resetOperatorPasswordAction } from "@/lib/actions/reset-operator-password-action";
import { resetOperatorTwoFactorAction } from "@/lib/actions/reset-operator-two-factor-action";
import { stepUpAction } from "@/lib/actions/step-up-action";
import { updateSecuritySettingsAction } from "@/lib/actions/update-security-settings-action";
import { defaultSecurityPolicy, saveSecurityPolicy } from "@/lib/auth/security-settings";
import { maxFailedSignInsPerAddress } from "@/lib/auth/sign-in-limiter";
import { parseConfig } from "@/lib/config";
import { auditEvents, securitySettings, session, sessionActivity, transactions, user } from "@/lib/db/schema";
import {
  adoptActionCookies,
  applySetCookies,
  createOperatorSession,
  installTestRuntime,
  nextTotpCode,
  requestState,
  testAuthenticators,
  testConfig,
} from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { totpCodeAt } from "@/test/support/totp-codes";

let database: TestDatabase;
let auth: ReturnType<typeof installTestRuntime>["auth"];
let wallet: http.Server;
let walletRequests = 0;
const password = "a long enough password";

beforeAll(async () => {
  // A stand-in wallet that only counts: a refused cash-out must never reach it.
  wallet = http.createServer((_request, response) => {
    walletRequests += 1;
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => wallet.listen(0, "127.0.0.1", resolve));
  database = await openTestDatabase();
  const base = testConfig();
  const config = parseConfig({
    APP_URL: base.appUrl,
    BETTER_AUTH_SECRET: base.authSecret,
    CALLBACK_SECRET: base.callbackSecret,
    WALLET_API_TOKEN: base.wallet.token,
    WALLET_API_BASE_URL: `http://127.0.0.1:${(wallet.address() as AddressInfo).port}`,
  });
  ({ auth } = installTestRuntime(database, config));
});
beforeEach(() => requestState.cookies.clear());
afterAll(async () => {
  await database.dispose();
  await new Promise((resolve) => wallet.close(resolve));
});

const headersFrom = (address: string, cookie = "") => new Headers({ "x-forwarded-for": address, ...(cookie ? { cookie } : {}) });
const userNamed = async (email: string) => (await database.db.select().from(user).where(eq(user.email, email)))[0]!;
const sessionIdOf = async (cookieHeaders: Headers) => (await auth.api.getSession({ headers: cookieHeaders }))!.session.id;

/** Makes the session's last step-up (and optionally last use) older than the 5-minute window. */
async function ageSession(cookieHeaders: Headers, minutes: { steppedUp?: number; lastSeen?: number }) {
  const id = await sessionIdOf(cookieHeaders);
  const ago = (value: number) => new Date(Date.now() - value * 60_000);
  await database.db
    .update(sessionActivity)
    .set({
      ...(minutes.steppedUp !== undefined ? { steppedUpAt: ago(minutes.steppedUp) } : {}),
      ...(minutes.lastSeen !== undefined ? { lastSeenAt: ago(minutes.lastSeen) } : {}),
    })
    .where(eq(sessionActivity.sessionId, id));
}

/** Password step of a sign-in: the pending two-factor challenge's cookie. */
async function passwordStep(email: string, address = "198.51.100.1") {
  const { headers, response } = await auth.api.signInEmail({
    body: { email, password },
    headers: headersFrom(address),
    returnHeaders: true,
  });
  expect(response).toMatchObject({ twoFactorRedirect: true });
  return applySetCookies("", headers);
}

describe("two-factor sign-in", () => {
  beforeAll(async () => {
    await createOperatorSession(auth, { email: "totp.admin@example.com", role: "admin" });
  });

  it("gives no session for the password alone, then signs in with a code", async () => {
    const challenge = await passwordStep("totp.admin@example.com");
    expect(challenge).not.toMatch(/session_token=/);
    const { headers } = await auth.api.verifyTOTP({
      body: { code: await nextTotpCode("totp.admin@example.com") },
      headers: headersFrom("198.51.100.1", challenge),
      returnHeaders: true,
    });
    const signedIn = await auth.api.getSession({ headers: new Headers({ cookie: applySetCookies(challenge, headers) }) });
    expect(signedIn?.user.email).toBe("totp.admin@example.com");
  });

  it("refuses a code already used in the same time step, even on a new sign-in", async () => {
    // The steps before this test are used (enrolment, the sign-in above): move the clock a minute on
    // rather than wait up to 30 s for a fresh step (Date only; timers run as usual). Later tests use
    // backup codes or other operators, so the clock going back afterwards does not matter.
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 60_000);
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const code = await nextTotpCode("totp.admin@example.com");
    const first = await passwordStep("totp.admin@example.com");
    await auth.api.verifyTOTP({ body: { code }, headers: headersFrom("198.51.100.1", first) });
    const second = await passwordStep("totp.admin@example.com");
    await expect(auth.api.verifyTOTP({ body: { code }, headers: headersFrom("198.51.100.1", second) })).rejects.toMatchObject({
      body: { code: "TOTP_CODE_REUSED" },
    });
    const refusals = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "auth.totp"));
    expect(refusals.some((event) => event.outcome === "refused" && (event.details as { reason?: string }).reason === "code_reused")).toBe(
      true,
    );
  });

  it("accepts a backup code once", async () => {
    const [backupCode] = testAuthenticators.get("totp.admin@example.com")!.backupCodes;
    const first = await passwordStep("totp.admin@example.com");
    await expect(
      auth.api.verifyBackupCode({ body: { code: backupCode! }, headers: headersFrom("198.51.100.1", first) }),
    ).resolves.toBeTruthy();
    const second = await passwordStep("totp.admin@example.com");
    await expect(
      auth.api.verifyBackupCode({ body: { code: backupCode! }, headers: headersFrom("198.51.100.1", second) }),
    ).rejects.toMatchObject({ statusCode: 401 });
  });

  it("never trusts a device for later sign-ins", async () => {
    const challenge = await passwordStep("totp.admin@example.com");
    // Refused before the code is even checked.
    await expect(
      auth.api.verifyTOTP({ body: { code: "000000", trustDevice: true }, headers: headersFrom("198.51.100.1", challenge) }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe("step-up before sensitive actions", () => {
  let admin: Headers;
  let finance: Headers;
  let viewerId: string;
  beforeAll(async () => {
    admin = await createOperatorSession(auth, { email: "step.admin@example.com", role: "admin" });
    finance = await createOperatorSession(auth, { email: "step.finance@example.com", role: "finance" });
    await createOperatorSession(auth, { email: "step.viewer@example.com", role: "viewer" });
    viewerId = (await userNamed("step.viewer@example.com")).id;
  });

  it("refuses every action that moves money or changes operators when the last step-up is older than 5 minutes", async () => {
    await ageSession(admin, { steppedUp: 6 });
    requestState.headers = admin;
    const guarded = [
      () => createOperatorAction({ name: "Someone", email: "someone@example.com", password, role: "viewer" }),
      () => changeOperatorRoleAction({ userId: viewerId, role: "admin" }),
      () => disableOperatorAction({ userId: viewerId }),
      () => enableOperatorAction({ userId: viewerId }),
      () => resetOperatorPasswordAction({ userId: viewerId, temporaryPassword: "a temporary password" }),
      () => resetOperatorTwoFactorAction({ userId: viewerId }),
      () => updateSecuritySettingsAction({ ...defaultSecurityPolicy, twoFactorRequiredRoles: [] }),
      () =>
        changeOwnPasswordAction({
          currentPassword: password,
          newPassword: "a brand new password",
          confirmPassword: "a brand new password",
        }),
    ];
    for (const action of guarded) expect(await action()).toMatchObject({ ok: false, code: "STEP_UP_REQUIRED" });
    expect((await userNamed("step.viewer@example.com")).role).toBe("viewer");
    expect(await database.db.select().from(user).where(eq(user.email, "someone@example.com"))).toHaveLength(0);
  });

  it("asks before a cash-out confirm, refuses a wrong code, and sends nothing to the wallet", async () => {
    await ageSession(finance, { steppedUp: 6 });
    requestState.headers = finance;
    const cashOut = {
      idempotencyKey: crypto.randomUUID(),
      amount: "10,00",
      pixKey: { type: "EMAIL" as const, key: "payee@example.com" },
      metadata: [],
      externalReference: "",
    };
    expect(await createCashOutAction(cashOut)).toMatchObject({ ok: false, code: "STEP_UP_REQUIRED" });
    expect(
      await stepUpAction({
        method: "totp",
        code: "000000" === (await totpCodeAt(testAuthenticators.get("step.finance@example.com")!.secret)) ? "111111" : "000000",
      }),
    ).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    expect(await createCashOutAction(cashOut)).toMatchObject({ ok: false, code: "STEP_UP_REQUIRED" });
    expect(walletRequests).toBe(0);
    expect(await database.db.select().from(transactions).where(eq(transactions.idempotencyKey, cashOut.idempotencyKey))).toHaveLength(0);
    const failures = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "auth.step_up"));
    expect(failures.some((event) => event.outcome === "failure" && event.actorEmail === "step.finance@example.com")).toBe(true);
  });

  it("lets the action run after a correct code, for 5 minutes", async () => {
    requestState.headers = admin;
    const oldSessionId = await sessionIdOf(admin);
    expect(await stepUpAction({ method: "totp", code: await nextTotpCode("step.admin@example.com") })).toMatchObject({ ok: true });
    // The step-up issued a new session token; the old one no longer works.
    const oldAdmin = admin;
    admin = adoptActionCookies(admin);
    expect(await sessionIdOf(admin)).not.toBe(oldSessionId);
    expect(await auth.api.getSession({ headers: oldAdmin })).toBeNull();
    requestState.headers = admin;
    expect(await changeOperatorRoleAction({ userId: viewerId, role: "qa" })).toMatchObject({ ok: true });
  });

  it("does not accept the password as a step-up from an operator who has two-factor", async () => {
    await ageSession(admin, { steppedUp: 6 });
    requestState.headers = admin;
    expect(await stepUpAction({ method: "password", code: password })).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    expect(await changeOperatorRoleAction({ userId: viewerId, role: "viewer" })).toMatchObject({ ok: false, code: "STEP_UP_REQUIRED" });
  });

  it("sends an admin or finance operator without two-factor to enrolment before anything else", async () => {
    const unenrolled = await createOperatorSession(auth, { email: "unenrolled.admin@example.com", role: "admin", twoFactor: false });
    requestState.headers = unenrolled;
    expect(inEnglish(await changeOperatorRoleAction({ userId: viewerId, role: "viewer" }))).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
      error: "Set up two-factor sign-in first.",
    });
  });
});

describe("sessions", () => {
  it("ends a session idle for longer than the idle timeout", async () => {
    const admin = await createOperatorSession(auth, { email: "idle.admin@example.com", role: "admin" });
    const id = await sessionIdOf(admin);
    await ageSession(admin, { lastSeen: defaultSecurityPolicy.idleTimeoutMinutes + 1 });
    requestState.headers = admin;
    expect(await changeOperatorRoleAction({ userId: "anyone", role: "viewer" })).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
    expect(await database.db.select().from(session).where(eq(session.id, id))).toHaveLength(0);
  });

  it("keeps a session that is used within the idle timeout", async () => {
    const admin = await createOperatorSession(auth, { email: "busy.admin@example.com", role: "admin" });
    await ageSession(admin, { lastSeen: defaultSecurityPolicy.idleTimeoutMinutes - 1 });
    requestState.headers = admin;
    expect(await changeOperatorRoleAction({ userId: "anyone", role: "viewer" })).toMatchObject({ ok: false, code: "INVALID_INPUT" });
  });
});

describe("offboarding and passwords", () => {
  let admin: Headers;
  beforeAll(async () => {
    admin = await createOperatorSession(auth, { email: "off.admin@example.com", role: "admin" });
  });

  it("disables an operator: their open session is refused on its next action, and they cannot sign in", async () => {
    const leaver = await createOperatorSession(auth, { email: "leaver@example.com", role: "finance" });
    const leaverId = (await userNamed("leaver@example.com")).id;
    requestState.headers = admin;
    expect(await disableOperatorAction({ userId: leaverId })).toMatchObject({ ok: true });
    requestState.headers = leaver;
    expect(await stepUpAction({ method: "totp", code: "123456" })).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
    await expect(
      auth.api.signInEmail({ body: { email: "leaver@example.com", password }, headers: headersFrom("198.51.100.9") }),
    ).rejects.toMatchObject({ statusCode: 403 });
    requestState.headers = admin;
    expect(await enableOperatorAction({ userId: leaverId })).toMatchObject({ ok: true });
    await expect(
      auth.api.signInEmail({ body: { email: "leaver@example.com", password }, headers: headersFrom("198.51.100.9") }),
    ).resolves.toMatchObject({ twoFactorRedirect: true });
  });

  it("never disables the last administrator who can sign in", async () => {
    requestState.headers = admin;
    const admins = await database.db.select().from(user).where(eq(user.role, "admin"));
    for (const other of admins.filter((candidate) => candidate.email !== "off.admin@example.com")) {
      await database.db.update(user).set({ banned: true }).where(eq(user.id, other.id));
    }
    const me = await userNamed("off.admin@example.com");
    expect(await disableOperatorAction({ userId: me.id })).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    expect((await userNamed("off.admin@example.com")).banned).toBeFalsy();
    for (const other of admins) await database.db.update(user).set({ banned: false }).where(eq(user.id, other.id));
  });

  it("resets a password: sessions end, the temporary password signs in, and a new one must be chosen first", async () => {
    // A QA operator without two-factor (an admin relaxed it for QA), so the password is the step-up.
    await saveSecurityPolicy(database.db, { ...defaultSecurityPolicy, twoFactorRequiredRoles: ["admin", "finance"] }, "test");
    onTestFinished(() => database.db.delete(securitySettings).then(() => undefined));
    const forgetful = await createOperatorSession(auth, { email: "forgetful@example.com", role: "qa", twoFactor: false });
    const forgetfulId = (await userNamed("forgetful@example.com")).id;
    requestState.headers = admin;
    expect(await resetOperatorPasswordAction({ userId: forgetfulId, temporaryPassword: "temporary password 1" })).toMatchObject({
      ok: true,
    });
    expect(await auth.api.getSession({ headers: forgetful })).toBeNull();

    const { headers } = await auth.api.signInEmail({
      body: { email: "forgetful@example.com", password: "temporary password 1" },
      headers: headersFrom("198.51.100.7"),
      returnHeaders: true,
    });
    requestState.headers = new Headers({ cookie: applySetCookies("", headers) });
    expect(inEnglish(await simulatePaymentAction({ transactionId: "anything" } as never))).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
      error: "Choose a new password first.",
    });
    expect(await stepUpAction({ method: "password", code: "temporary password 1" })).toMatchObject({ ok: true });
    requestState.headers = adoptActionCookies(requestState.headers);
    const changed = await changeOwnPasswordAction({
      currentPassword: "temporary password 1",
      newPassword: "my own new password",
      confirmPassword: "my own new password",
    });
    expect(changed).toMatchObject({ ok: true });
    await expect(
      auth.api.signInEmail({
        body: { email: "forgetful@example.com", password: "my own new password" },
        headers: headersFrom("198.51.100.7"),
      }),
    ).resolves.toBeTruthy();
  });

  it("refuses a password change with the wrong current password", async () => {
    requestState.headers = admin;
    await stepUpAction({ method: "totp", code: await nextTotpCode("off.admin@example.com") });
    admin = adoptActionCookies(admin);
    requestState.headers = admin;
    expect(
      inEnglish(
        await changeOwnPasswordAction({
          currentPassword: "not my password at all",
          newPassword: "a brand new password",
          confirmPassword: "a brand new password",
        }),
      ),
    ).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
      fieldErrors: { currentPassword: ["The current password is wrong."] },
    });
  });
});

describe("per-address sign-in limit", () => {
  it("refuses a 30-try password spray across accounts from one address, while the real admin signs in from another", async () => {
    await createOperatorSession(auth, { email: "spray.admin@example.com", role: "admin" });
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 30; attempt++) {
      const email = `victim${attempt % 6}@example.com`;
      try {
        await auth.api.signInEmail({ body: { email, password: `guess number ${attempt}` }, headers: headersFrom("203.0.113.66") });
        outcomes.push("signed-in");
      } catch (error) {
        outcomes.push(String((error as { body?: { code?: string } }).body?.code ?? (error as { statusCode?: number }).statusCode));
      }
    }
    expect(outcomes.slice(0, maxFailedSignInsPerAddress).every((outcome) => outcome !== "TOO_MANY_ATTEMPTS_FROM_ADDRESS")).toBe(true);
    expect(outcomes.slice(maxFailedSignInsPerAddress)).toEqual(
      Array(30 - maxFailedSignInsPerAddress).fill("TOO_MANY_ATTEMPTS_FROM_ADDRESS"),
    );
    // Even the right password is refused from the spraying address...
    await expect(
      auth.api.signInEmail({ body: { email: "spray.admin@example.com", password }, headers: headersFrom("203.0.113.66") }),
    ).rejects.toMatchObject({ statusCode: 429 });
    // ...but not from the admin's own address.
    await expect(
      auth.api.signInEmail({ body: { email: "spray.admin@example.com", password }, headers: headersFrom("192.0.2.10") }),
    ).resolves.toMatchObject({ twoFactorRedirect: true });
    // 21 refused tries, audited as aggregates: the first refusal in full, then the limiter's one
    // "exceeded" row for the address (lib/security/rate-limit-rules.ts), not one row per try.
    const refusals = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "auth.sign_in"));
    expect(
      refusals.filter((event) => event.outcome === "refused" && (event.details as { address?: string }).address === "203.0.113.66").length,
    ).toBe(1);
    const exceeded = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "rate_limit.exceeded"));
    expect(exceeded.filter((event) => JSON.stringify(event.details).includes("203.0.113.66"))).toHaveLength(1);
  });

  it("locks an account only from the address that failed, so the owner elsewhere still signs in", async () => {
    await createOperatorSession(auth, { email: "target.admin@example.com", role: "admin" });
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(
        auth.api.signInEmail({
          body: { email: "target.admin@example.com", password: "wrong guess" },
          headers: headersFrom("203.0.113.77"),
        }),
      ).rejects.toMatchObject({ statusCode: 401 });
    }
    await expect(
      auth.api.signInEmail({ body: { email: "target.admin@example.com", password }, headers: headersFrom("203.0.113.77") }),
    ).rejects.toMatchObject({ statusCode: 429 });
    await expect(
      auth.api.signInEmail({ body: { email: "target.admin@example.com", password }, headers: headersFrom("192.0.2.11") }),
    ).resolves.toMatchObject({ twoFactorRedirect: true });
  });
});
