// The explicit security settings (issue 29), as configured: the session cookie lives the absolute
// lifetime; the wrong-code limits at sign-in; two-factor for every role by default (relaxable for
// viewer and QA only); a fresh sign-in is not a step-up for moving money; alert webhook URLs are
// checked when saved. Real better-auth, real actions, real database; only Next's request is faked.
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveCashOutRequestAction } from "@/lib/actions/approve-cash-out-request-action";
import { createCashOutAction } from "@/lib/actions/create-cash-out-action";
import { createOperatorAction } from "@/lib/actions/create-operator-action";
import { stepUpAction } from "@/lib/actions/step-up-action";
import { updateAlertChannelsAction } from "@/lib/actions/update-alert-channels-action";
import { updateSecuritySettingsAction } from "@/lib/actions/update-security-settings-action";
import { verifySignInCodeAction } from "@/lib/actions/verify-sign-in-code-action";
import { maxWrongCodesFromOneAddress, maxWrongCodesPerAccount, wrongCodeWindowMinutes } from "@/lib/auth/second-factor-limiter";
import { defaultSecurityPolicy, saveSecurityPolicy } from "@/lib/auth/security-settings";
import { getCurrentOperator } from "@/lib/auth/session";
import { parseConfig } from "@/lib/config";
import { auditEvents, securitySettings, session, verification } from "@/lib/db/schema";
import { msg } from "@/lib/i18n/message";
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
import { currentStep, totpCodeAt } from "@/test/support/totp-codes";

let database: TestDatabase;
let auth: ReturnType<typeof installTestRuntime>["auth"];
let admin: Headers;
const password = "a long enough password";

beforeAll(async () => {
  database = await openTestDatabase();
  ({ auth } = installTestRuntime(database));
  admin = await createOperatorSession(auth, { email: "settings.admin@example.com", role: "admin" });
});
afterAll(async () => {
  await database.dispose();
});

const fromAddress = (address: string, cookie = "") => new Headers({ "x-forwarded-for": address, ...(cookie ? { cookie } : {}) });

function sessionCookieOf(responseHeaders: Headers) {
  return responseHeaders.getSetCookie().find((entry) => entry.startsWith("wallet-dashboard.session_token="));
}

/** The password step of a two-factor sign-in: the pending challenge's cookie. */
async function passwordStep(email: string, address: string) {
  const { headers, response } = await auth.api.signInEmail({
    body: { email, password },
    headers: fromAddress(address),
    returnHeaders: true,
  });
  expect(response).toMatchObject({ twoFactorRedirect: true });
  return applySetCookies("", headers);
}

/**
 * One of the operator's unused backup codes. Sign-ins here use them: an authenticator code works
 * once per 30-second step, and signing in again and again would mostly wait for the clock.
 */
function takeBackupCode(email: string) {
  const code = testAuthenticators.get(email)!.backupCodes.shift();
  if (!code) throw new Error(`${email} has no backup code left`);
  return code;
}

/** A complete sign-in with a second factor, as a browser does it: the new session's Cookie header. */
async function signInWithCode(email: string, address: string) {
  const challenge = await passwordStep(email, address);
  const { headers } = await auth.api.verifyBackupCode({
    body: { code: takeBackupCode(email) },
    headers: fromAddress(address, challenge),
    returnHeaders: true,
  });
  return new Headers({ cookie: applySetCookies(challenge, headers) });
}

/** The code step through the server action; "signed in" when it redirected to the dashboard. */
async function codeStep(challenge: string, address: string, code: string, method: "totp" | "backup" = "totp") {
  requestState.headers = fromAddress(address, challenge);
  try {
    return await verifySignInCodeAction({ method, code });
  } catch (error) {
    if ((error as { digest?: string }).digest?.startsWith("NEXT_REDIRECT")) return "signed in";
    throw error;
  }
}

/** The authenticator's code for now, without spending it: for attempts that must be refused before it is checked. */
function codeOfNow(email: string) {
  return totpCodeAt(testAuthenticators.get(email)!.secret);
}

/** A 6-digit code that no step better-auth accepts now would give. */
async function wrongCode(email: string) {
  const secret = testAuthenticators.get(email)!.secret;
  const valid = await Promise.all([-1, 0, 1, 2].map((offset) => totpCodeAt(secret, currentStep() + offset)));
  return ["000000", "111111", "222222", "333333", "444444"].find((code) => !valid.includes(code))!;
}

describe("session cookie lifetime", () => {
  it("gives the cookie and the session row the configured absolute lifetime (default, then a changed one)", async () => {
    await auth.api.createUser({ body: { name: "Cookie", email: "cookie.viewer@example.com", password, role: "viewer" } });
    const signIn = () =>
      auth.api.signInEmail({
        body: { email: "cookie.viewer@example.com", password },
        headers: fromAddress("192.0.2.10"),
        returnHeaders: true,
      });

    const first = await signIn();
    expect(sessionCookieOf(first.headers)).toMatch(new RegExp(`; Max-Age=${defaultSecurityPolicy.absoluteLifetimeMinutes * 60}(;|$)`));
    const [row] = await database.db.select().from(session).where(eq(session.token, first.response.token));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(defaultSecurityPolicy.absoluteLifetimeMinutes * 60_000);

    await saveSecurityPolicy(database.db, { ...defaultSecurityPolicy, absoluteLifetimeMinutes: 90 }, "test");
    try {
      const second = await signIn();
      expect(sessionCookieOf(second.headers)).toMatch(/; Max-Age=5400(;|$)/);
      const [changed] = await database.db.select().from(session).where(eq(session.token, second.response.token));
      expect(changed!.expiresAt.getTime() - changed!.createdAt.getTime()).toBe(90 * 60_000);
    } finally {
      await database.db.delete(securitySettings);
    }
  });

  it("gives a sign-in with a second factor the same lifetime, and a step-up's new token no more than is left", async () => {
    await createOperatorSession(auth, { email: "cookie.finance@example.com", role: "finance" });
    const challenge = await passwordStep("cookie.finance@example.com", "192.0.2.11");
    const { headers } = await auth.api.verifyBackupCode({
      body: { code: takeBackupCode("cookie.finance@example.com") },
      headers: fromAddress("192.0.2.11", challenge),
      returnHeaders: true,
    });
    expect(sessionCookieOf(headers)).toMatch(new RegExp(`; Max-Age=${defaultSecurityPolicy.absoluteLifetimeMinutes * 60}(;|$)`));

    const signedIn = new Headers({ cookie: applySetCookies(challenge, headers) });
    const before = (await auth.api.getSession({ headers: signedIn }))!.session;
    requestState.headers = signedIn;
    expect(await stepUpAction({ method: "totp", code: await nextTotpCode("cookie.finance@example.com") })).toMatchObject({ ok: true });
    const after = (await auth.api.getSession({ headers: adoptActionCookies(signedIn) }))!.session;
    expect(after.token).not.toBe(before.token);
    expect(after.createdAt.getTime()).toBe(new Date(before.createdAt).getTime());
    expect(after.expiresAt.getTime()).toBe(new Date(before.expiresAt).getTime());
    const maxAge = requestState.cookieOptions.get("wallet-dashboard.session_token")?.maxAge ?? Number.NaN;
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(defaultSecurityPolicy.absoluteLifetimeMinutes * 60);
  });
});

describe("wrong second-factor codes at sign-in", () => {
  const email = "lockout.admin@example.com";
  beforeAll(async () => {
    await createOperatorSession(auth, { email, role: "admin" });
  });

  it(`refuses codes from an address after ${maxWrongCodesFromOneAddress} wrong ones, not the owner elsewhere, and lifts after the window`, async () => {
    const challenge = await passwordStep(email, "203.0.113.1");
    for (let attempt = 1; attempt <= maxWrongCodesFromOneAddress; attempt++) {
      expect(await codeStep(challenge, "203.0.113.1", await wrongCode(email))).toMatchObject({
        ok: false,
        error: msg("errors.twoFactor.codeWrong"),
      });
    }
    // Even the right code is refused now, on a new password step too.
    const lockedOut = { ok: false, error: msg("errors.twoFactor.lockedForAddress", { minutes: wrongCodeWindowMinutes }) };
    expect(await codeStep(await passwordStep(email, "203.0.113.1"), "203.0.113.1", await codeOfNow(email))).toMatchObject(lockedOut);
    expect(await codeStep(await passwordStep(email, "203.0.113.1"), "203.0.113.1", takeBackupCode(email), "backup")).toMatchObject(
      lockedOut,
    );
    // The owner, signing in from their own address, is not locked out.
    expect(await codeStep(await passwordStep(email, "198.51.100.7"), "198.51.100.7", takeBackupCode(email), "backup")).toBe("signed in");
    // Once the window has passed (the counts made older than it), the address may try again.
    await database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(like(verification.identifier, "second-factor-failure:%"));
    expect(await codeStep(await passwordStep(email, "203.0.113.1"), "203.0.113.1", takeBackupCode(email), "backup")).toBe("signed in");
  });

  it(`refuses codes for the account everywhere after ${maxWrongCodesPerAccount} wrong ones from several addresses`, async () => {
    const addresses = Array.from(
      { length: maxWrongCodesPerAccount / maxWrongCodesFromOneAddress },
      (_, index) => `203.0.113.${20 + index}`,
    );
    for (const address of addresses) {
      const challenge = await passwordStep(email, address);
      for (let attempt = 1; attempt <= maxWrongCodesFromOneAddress; attempt++) await codeStep(challenge, address, await wrongCode(email));
    }
    expect(await codeStep(await passwordStep(email, "198.51.100.7"), "198.51.100.7", await codeOfNow(email))).toMatchObject({
      ok: false,
      error: msg("errors.twoFactor.lockedForAccount", { minutes: wrongCodeWindowMinutes }),
    });
    await database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(like(verification.identifier, "second-factor-failure:%"));
    expect(await codeStep(await passwordStep(email, "198.51.100.7"), "198.51.100.7", takeBackupCode(email), "backup")).toBe("signed in");
  });
});

describe("two-factor for every role by default", () => {
  it("sends a viewer without two-factor to enrolment, until an admin relaxes it for viewers (audited)", async () => {
    await auth.api.createUser({ body: { name: "Viewer", email: "plain.viewer@example.com", password, role: "viewer" } });
    const { headers } = await auth.api.signInEmail({
      body: { email: "plain.viewer@example.com", password },
      headers: fromAddress("192.0.2.30"),
      returnHeaders: true,
    });
    const viewer = new Headers({ cookie: applySetCookies("", headers) });
    requestState.headers = viewer;
    expect(await getCurrentOperator()).toMatchObject({ role: "viewer", pending: "enrol-two-factor" });

    requestState.headers = admin;
    const relaxed = await updateSecuritySettingsAction({ ...defaultSecurityPolicy, twoFactorRequiredRoles: ["admin", "finance", "qa"] });
    expect(relaxed).toMatchObject({ ok: true });
    try {
      requestState.headers = viewer;
      expect(await getCurrentOperator()).toMatchObject({ role: "viewer", pending: null });
      const [audited] = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "security_settings.update"));
      expect(audited?.details).toMatchObject({ twoFactorNotRequiredFor: ["viewer"] });
    } finally {
      await database.db.delete(securitySettings);
    }
  });

  it("never lets an admin relax it for admin or finance", async () => {
    requestState.headers = admin;
    const refused = await updateSecuritySettingsAction({ ...defaultSecurityPolicy, twoFactorRequiredRoles: ["admin", "qa", "viewer"] });
    expect(refused).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
      fieldErrors: { twoFactorRequiredRoles: [msg("errors.securitySettings.twoFactorAlwaysRequired")] },
    });
    expect(await database.db.select().from(securitySettings)).toEqual([]);
  });
});

describe("a fresh sign-in and moving money", () => {
  const email = "money.finance@example.com";
  beforeAll(async () => {
    await createOperatorSession(auth, { email, role: "finance" });
  });

  // The step-up check comes before the input is read: an empty input shows which one answered.
  it("asks for a step-up for a cash-out and an approval right after sign-in (STEP_UP_AFTER_SIGN_IN unset)", async () => {
    requestState.headers = await signInWithCode(email, "192.0.2.40");
    expect(await createCashOutAction({} as never)).toMatchObject({ ok: false, code: "STEP_UP_REQUIRED" });
    expect(await approveCashOutRequestAction({} as never)).toMatchObject({ ok: false, code: "STEP_UP_REQUIRED" });
    // After a step-up, the same session may.
    const signedIn = requestState.headers;
    expect(await stepUpAction({ method: "totp", code: await nextTotpCode(email) })).toMatchObject({ ok: true });
    requestState.headers = adoptActionCookies(signedIn);
    expect(await createCashOutAction({} as never)).toMatchObject({ ok: false, code: "INVALID_INPUT" });
  });

  it("lets other sensitive actions count a sign-in from the last 5 minutes", async () => {
    requestState.headers = await signInWithCode("settings.admin@example.com", "192.0.2.41");
    expect(await createOperatorAction({} as never)).toMatchObject({ ok: false, code: "INVALID_INPUT" });
  });

  it("counts the sign-in for moving money too with STEP_UP_AFTER_SIGN_IN=true", async () => {
    const base = testConfig();
    const config = parseConfig({
      APP_URL: base.appUrl,
      BETTER_AUTH_SECRET: base.authSecret,
      CALLBACK_SECRET: base.callbackSecret,
      WALLET_API_TOKEN: base.wallet.token,
      STEP_UP_AFTER_SIGN_IN: "true",
    });
    ({ auth } = installTestRuntime(database, config));
    try {
      requestState.headers = await signInWithCode(email, "192.0.2.42");
      expect(await createCashOutAction({} as never)).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    } finally {
      ({ auth } = installTestRuntime(database));
    }
  });
});

describe("alert webhook URL checked when saved", () => {
  const channels = { emailEnabled: false, emailRecipients: "", webhookEnabled: true, rotateSecret: false };

  it("refuses an internal address on the field, by literal address or by a name resolving to one", async () => {
    requestState.headers = admin;
    expect(await updateAlertChannelsAction({ ...channels, webhookUrl: "http://127.0.0.1:9/alerts" })).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
      fieldErrors: { webhookUrl: [msg("errors.alerts.webhookInternalAddress", { host: "127.0.0.1", address: "127.0.0.1" })] },
    });
    const byName = await updateAlertChannelsAction({ ...channels, webhookUrl: "http://localhost:9/alerts" });
    expect(byName).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    expect(byName.ok ? [] : byName.fieldErrors?.webhookUrl?.[0]).toMatch(/^errors\.alerts\.webhookInternalAddress\?host=localhost/);
    const refusals = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "alerts.updateChannels"));
    expect(refusals.map((event) => event.outcome)).toEqual(["refused", "refused"]);
  });

  it("saves a public address, and an internal one where OUTBOUND_ALLOW_PRIVATE_ADDRESSES allows it", async () => {
    requestState.headers = admin;
    expect(await updateAlertChannelsAction({ ...channels, webhookUrl: "https://8.8.8.8/alerts" })).toMatchObject({ ok: true });
    const base = testConfig();
    installTestRuntime(
      database,
      parseConfig({
        APP_URL: base.appUrl,
        BETTER_AUTH_SECRET: base.authSecret,
        CALLBACK_SECRET: base.callbackSecret,
        WALLET_API_TOKEN: base.wallet.token,
        OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "true",
      }),
    );
    try {
      expect(await updateAlertChannelsAction({ ...channels, webhookUrl: "http://127.0.0.1:9/alerts" })).toMatchObject({ ok: true });
    } finally {
      installTestRuntime(database);
    }
  });
});
