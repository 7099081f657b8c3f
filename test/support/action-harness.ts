// Calls server actions directly, as an attacker or a script could, outside the UI. Only Next's
// request-scoped headers()/cookies() are faked (they cannot exist outside a request); sessions,
// roles and the database are real.
import { createAuth } from "@/lib/auth/auth";
import { markSteppedUp } from "@/lib/auth/session-activity";
import { parseConfig, type AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { installRuntime } from "@/lib/server/runtime";
import type { TestDatabase } from "@/test/support/test-database";
import { secretFromTotpUri, unusedTotpCode } from "@/test/support/totp-codes";

import { requestState } from "@/test/support/request-state";

export { requestState };

export function testConfig(): AppConfig {
  return parseConfig({
    APP_URL: "http://localhost:3999",
    BETTER_AUTH_SECRET: "test-auth-secret-0123456789abcdef0123456789",
    CALLBACK_SECRET: "test-callback-secret-0123456789abcdef012345",
    WALLET_API_TOKEN: "test-wallet-token-0123456789",
  });
}

/** The database each test auth instance works on (createOperatorSession records step-ups there). */
const databaseOfAuth = new WeakMap<object, Database>();

export function installTestRuntime(database: TestDatabase, config: AppConfig = testConfig()) {
  installRuntime({ config, connection: database, db: database.db });
  const auth = createAuth(database.db, config);
  databaseOfAuth.set(auth, database.db);
  return { config, auth };
}

/** Each enrolled test operator's authenticator: the raw TOTP secret and the last step used. */
export const testAuthenticators = new Map<string, { secret: string; lastStep?: number; backupCodes: string[] }>();

/** A code from the operator's authenticator that has not been used yet. */
export async function nextTotpCode(email: string): Promise<string> {
  const authenticator = testAuthenticators.get(email);
  if (!authenticator) throw new Error(`${email} has no authenticator in this test`);
  const { code, step } = await unusedTotpCode(authenticator.secret, authenticator.lastStep);
  authenticator.lastStep = step;
  return code;
}

/**
 * After an action that set cookies through Next's cookies() (e.g. a step-up, which issues a new
 * session token): the caller's Cookie header with those applied, as a browser would send next.
 */
export function adoptActionCookies(previous: Headers): Headers {
  const jar = new Map(
    (previous.get("cookie") ?? "")
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as const),
  );
  for (const [name, value] of requestState.cookies) jar.set(name, encodeURIComponent(value));
  return new Headers({ cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") });
}

/** The Cookie header after applying a response's Set-Cookie headers to an existing one. */
export function applySetCookies(cookie: string, responseHeaders: Headers): string {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as const),
  );
  for (const setCookie of responseHeaders.getSetCookie()) {
    const [pair = "", ...attributes] = setCookie.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    const expired = attributes.some((attribute) => /max-age=0\b/i.test(attribute.trim()));
    if (expired) jar.delete(name);
    else jar.set(name, pair.slice(pair.indexOf("=") + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/**
 * Creates an operator and returns the Cookie header of a fresh session for them. Every role must use
 * two-factor by default, so the operator enrols an authenticator first (kept in testAuthenticators)
 * unless `twoFactor: false`, as the dashboard makes them do. Confirming the enrolment proves a code,
 * so the session is then freshly stepped up (recorded as a step-up, like stepUpAction does: a
 * sign-in alone does not count for moving money, lib/auth/step-up.ts). A test about what a plain
 * sign-in allows signs in itself.
 */
export async function createOperatorSession(
  auth: ReturnType<typeof createAuth>,
  operator: { email: string; role: "admin" | "finance" | "qa" | "viewer"; password?: string; twoFactor?: boolean },
) {
  const password = operator.password ?? "a long enough password";
  await auth.api.createUser({ body: { name: operator.email, email: operator.email, password, role: operator.role } });
  const { headers } = await auth.api.signInEmail({ body: { email: operator.email, password }, returnHeaders: true });
  let cookie = applySetCookies("", headers);
  if (operator.twoFactor ?? true) {
    const enrolment = await auth.api.enableTwoFactor({ body: { method: "totp", password }, headers: new Headers({ cookie }) });
    if (!("totpURI" in enrolment) || !enrolment.totpURI) throw new Error("no TOTP URI");
    testAuthenticators.set(operator.email, { secret: secretFromTotpUri(enrolment.totpURI), backupCodes: enrolment.backupCodes ?? [] });
    const verified = await auth.api.verifyTOTP({
      body: { code: await nextTotpCode(operator.email) },
      headers: new Headers({ cookie }),
      returnHeaders: true,
    });
    cookie = applySetCookies(cookie, verified.headers);
    const signedIn = await auth.api.getSession({ headers: new Headers({ cookie }) });
    if (!signedIn) throw new Error("no session after enrolling two-factor");
    const db = databaseOfAuth.get(auth);
    if (!db) throw new Error("create the auth instance with installTestRuntime");
    await markSteppedUp(db, signedIn.session.id);
  }
  return new Headers({ cookie });
}
