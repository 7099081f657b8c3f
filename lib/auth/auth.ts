// The better-auth instance: e-mail + password, TOTP two-factor, roles through the admin plugin,
// sessions in our database. Its HTTP routes are not mounted: every sign-in goes through our server
// actions, and the limiter, the one-use TOTP rule and the session bookkeeping run in better-auth's
// own hooks so no path (auth.api called from anywhere) can skip them.
import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { nextCookies } from "better-auth/next-js";
import { admin, twoFactor } from "better-auth/plugins";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import { eq } from "drizzle-orm";
import { recordAuditEvent } from "@/lib/audit";
import { countRequest } from "@/lib/security/rate-limit";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { clientAddress } from "@/lib/auth/client-address";
import { clearWrongSecondFactors, recordWrongSecondFactor, secondFactorLock } from "@/lib/auth/second-factor-limiter";
import { getSecurityPolicy, maxAbsoluteLifetimeMinutes } from "@/lib/auth/security-settings";
import { recordSignInAttempt, signInLock, tooManyAttemptsMessage, tooManyFromAddressMessage } from "@/lib/auth/sign-in-limiter";
import { claimTotpStep, matchingTotpStep, totpPeriodSeconds } from "@/lib/auth/totp-replay";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { logger } from "@/lib/logger";
import { countSignInFailure } from "@/lib/observability/metrics";
import { getRuntime } from "@/lib/server/runtime";

export const minimumPasswordLength = 12;
export const reusedCodeMessage = "This code was already used. Wait for the next code in your authenticator app.";
export const secondFactorLockedForAddressMessage = "Too many wrong codes for this account from this address. Wait, then sign in again.";
export const secondFactorLockedMessage = "Too many wrong codes for this account. Wait, then sign in again.";

export function createAuth(db: Database, config: Pick<AppConfig, "appUrl" | "authSecret"> & Partial<Pick<AppConfig, "trustedProxyHops">>) {
  const addressOf = (headers: Headers | undefined) => clientAddress(headers, config.trustedProxyHops ?? 0);

  async function refuseWhenSecondFactorLocked(userId: string, address: string) {
    const lock = await secondFactorLock(db, userId, address);
    if (!lock) return;
    throw new APIError("TOO_MANY_REQUESTS", {
      message: lock === "address" ? secondFactorLockedForAddressMessage : secondFactorLockedMessage,
      code: lock === "address" ? "SECOND_FACTOR_LOCKED_FOR_ADDRESS" : "SECOND_FACTOR_LOCKED",
    });
  }

  /** After a code at sign-in: a wrong one counts toward the limits, a right one clears its address's count. */
  async function countSecondFactorAtSignIn(ctx: MiddlewareContext) {
    const returned = ctx.context.returned;
    const wrongCode =
      isAPIError(returned) &&
      ["INVALID_CODE", "INVALID_BACKUP_CODE"].includes((returned.body as { code?: string } | undefined)?.code ?? "");
    const signedIn = !isAPIError(returned) && ctx.context.newSession;
    if (!wrongCode && !signedIn) return;
    const verifying = signedIn ? { userId: ctx.context.newSession!.user.id, signIn: true } : await twoFactorUserId(ctx);
    if (!verifying?.signIn) return;
    const address = addressOf(ctx.headers);
    if (wrongCode) await recordWrongSecondFactor(db, verifying.userId, address);
    else await clearWrongSecondFactors(db, verifying.userId, address);
  }

  return betterAuth({
    appName: "Wallet Dashboard",
    baseURL: config.appUrl,
    secret: config.authSecret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: minimumPasswordLength, maxPasswordLength: 128 },
    // Sessions never slide: the idle timeout and the configured absolute lifetime are enforced by
    // lib/auth/session-activity.ts; this is only the outer bound. Each new session's row and cookie
    // get the configured absolute lifetime itself (the session hook and the after hook below).
    session: { expiresIn: maxAbsoluteLifetimeMinutes * 60, disableSessionRefresh: true },
    advanced: { cookiePrefix: "wallet-dashboard" },
    telemetry: { enabled: false },
    // better-auth's own messages go to our structured (redacting) log instead of stderr.
    logger: { log: (level, message) => logger[level]({ source: "better-auth" }, message) },
    databaseHooks: {
      session: {
        create: {
          // The session ends when the configured absolute lifetime says (never later than a
          // session it replaces: lib/auth/rotate-session.ts passes that one's expiry).
          before: async (data) => {
            const { absoluteLifetimeMinutes } = await getSecurityPolicy(db);
            const createdAt = data.createdAt ?? new Date();
            const policyEnd = new Date(createdAt.getTime() + absoluteLifetimeMinutes * 60_000);
            return { data: { ...data, expiresAt: data.expiresAt && data.expiresAt < policyEnd ? data.expiresAt : policyEnd } };
          },
          // A session only starts after the password (and the TOTP code when enrolled): a proof,
          // recorded at the session's own start time so lib/auth/step-up.ts can tell it from a
          // separate step-up (moving money does not accept it unless STEP_UP_AFTER_SIGN_IN says so).
          after: async (created) => {
            await db
              .insert(schema.sessionActivity)
              .values({ sessionId: created.id, lastSeenAt: new Date(), steppedUpAt: created.createdAt })
              .onConflictDoNothing();
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-in/email") {
          const email = typeof ctx.body?.email === "string" ? ctx.body.email : "";
          const address = addressOf(ctx.headers);
          const lock = email ? await signInLock(db, email, address) : null;
          if (lock) {
            countSignInFailure("too_many_attempts");
            // Audited once per address and window, not once per refused try (lib/security/rate-limit-rules.ts).
            const alreadyAudited = await countRequest(db, [{ rule: rateLimitRules.signInRefusalsAuditedPerAddress, key: address }]);
            if (!alreadyAudited)
              await recordAuditEvent(db, {
                actor: null,
                action: "auth.sign_in",
                outcome: "refused",
                details: { email, address, reason: lock === "address" ? "too_many_attempts_from_address" : "too_many_attempts" },
              });
            throw new APIError("TOO_MANY_REQUESTS", {
              message: lock === "address" ? tooManyFromAddressMessage : tooManyAttemptsMessage,
              code: lock === "address" ? "TOO_MANY_ATTEMPTS_FROM_ADDRESS" : "TOO_MANY_ATTEMPTS",
            });
          }
          return;
        }
        if (ctx.path === "/two-factor/verify-totp") {
          // No "trust this device": every sign-in asks for a code.
          if (ctx.body?.trustDevice)
            throw new APIError("BAD_REQUEST", { message: "Trusting a device is not allowed.", code: "TRUST_DEVICE_DISABLED" });
          const code = typeof ctx.body?.code === "string" ? ctx.body.code.trim() : "";
          const verifying = await twoFactorUserId(ctx);
          if (!verifying || !code) return; // better-auth refuses it with its own error
          const userId = verifying.userId;
          if (verifying.signIn) await refuseWhenSecondFactorLocked(userId, addressOf(ctx.headers));
          const [enrolled] = await db
            .select({ secret: schema.twoFactor.secret })
            .from(schema.twoFactor)
            .where(eq(schema.twoFactor.userId, userId));
          if (!enrolled) return;
          const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: enrolled.secret });
          const step = await matchingTotpStep(secret, code);
          if (step === null) return; // a wrong code: better-auth counts the failure
          if (!(await claimTotpStep(db, userId, step))) {
            await recordAuditEvent(db, {
              actor: null,
              action: "auth.totp",
              outcome: "refused",
              target: { type: "operator", id: userId },
              details: { reason: "code_reused", address: addressOf(ctx.headers), step, periodSeconds: totpPeriodSeconds },
            });
            throw new APIError("UNAUTHORIZED", { message: reusedCodeMessage, code: "TOTP_CODE_REUSED" });
          }
          return;
        }
        if (ctx.path === "/two-factor/verify-backup-code") {
          if (ctx.body?.trustDevice)
            throw new APIError("BAD_REQUEST", { message: "Trusting a device is not allowed.", code: "TRUST_DEVICE_DISABLED" });
          const verifying = await twoFactorUserId(ctx);
          if (verifying?.signIn) await refuseWhenSecondFactorLocked(verifying.userId, addressOf(ctx.headers));
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const started = ctx.context.newSession?.session;
        if (started) cookieLivesAsLongAsSession(ctx.context.responseHeaders, ctx.context.authCookies.sessionToken.name, started);
        if (ctx.path === "/two-factor/verify-totp" || ctx.path === "/two-factor/verify-backup-code") {
          await countSecondFactorAtSignIn(ctx);
          return;
        }
        if (ctx.path !== "/sign-in/email") return;
        const email = typeof ctx.body?.email === "string" ? ctx.body.email : "";
        if (!email) return;
        const failed = isAPIError(ctx.context.returned);
        // A refusal by the limiter (429) is audited in the before hook and is not a password failure.
        if (failed && (ctx.context.returned as APIError).statusCode === 429) return;
        const address = addressOf(ctx.headers);
        if (failed) countSignInFailure("wrong_credentials");
        await recordSignInAttempt(db, email, !failed, address);
        const signedIn = ctx.context.newSession?.user as { id: string; email: string; twoFactorEnabled?: boolean | null } | undefined;
        await recordAuditEvent(db, {
          actor: signedIn ? { id: signedIn.id, email: signedIn.email } : null,
          action: "auth.sign_in",
          outcome: failed ? "failure" : "success",
          // With two-factor on, this runs before the plugin swaps the session for a code challenge.
          details: { email, address, stage: signedIn?.twoFactorEnabled ? "password_ok_code_required" : "complete" },
        });
      }),
    },
    // nextCookies must stay last: it copies Set-Cookie from auth.api calls made in server actions.
    plugins: [
      // Only "admin" may use better-auth's own admin endpoints; the dashboard's finer permissions
      // (finance, qa, viewer) are checked by our actions (lib/auth/roles.ts).
      admin({ roles: { admin: adminAc, finance: userAc, qa: userAc, viewer: userAc }, defaultRole: "viewer", adminRoles: ["admin"] }),
      // Passwordless on the plugin's endpoints because they are reachable only through our server
      // actions, which ask for a step-up (a fresh code or password) themselves.
      // The library's account lockout is off: it locks the account for everyone, so a password
      // alone could keep the owner out. lib/auth/second-factor-limiter.ts limits wrong codes instead.
      twoFactor({
        issuer: "Wallet Dashboard",
        allowPasswordless: true,
        backupCodeOptions: { amount: 10, length: 10 },
        accountLockout: { enabled: false },
      }),
      nextCookies(),
    ],
  });
}

type MiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * The operator a code verification is for: the signed-in session's (a step-up or enrolment), or the
 * pending sign-in challenge's (signIn: true).
 */
async function twoFactorUserId(ctx: MiddlewareContext): Promise<{ userId: string; signIn: boolean } | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return { userId: session.user.id, signIn: false };
  const cookieName = ctx.context.createAuthCookie("two_factor").name;
  const challenge = await ctx.getSignedCookie(cookieName, ctx.context.secret);
  if (!challenge) return null;
  const verification = await ctx.context.internalAdapter.findVerificationValue(challenge);
  return verification?.value ? { userId: verification.value, signIn: true } : null;
}

/**
 * better-auth gives the session cookie its outer bound (24 h) as Max-Age; the cookie should say
 * what the server does, so it gets the session's own lifetime (the configured absolute lifetime).
 */
function cookieLivesAsLongAsSession(
  responseHeaders: Headers | null | undefined,
  cookieName: string,
  started: { createdAt: Date; expiresAt: Date },
) {
  if (!responseHeaders) return;
  const entries = responseHeaders.getSetCookie();
  if (!entries.some((entry) => entry.startsWith(`${cookieName}=`))) return;
  const maxAge = Math.max(0, Math.round((new Date(started.expiresAt).getTime() - new Date(started.createdAt).getTime()) / 1000));
  responseHeaders.delete("set-cookie");
  for (const entry of entries)
    responseHeaders.append(
      "set-cookie",
      entry.startsWith(`${cookieName}=`) ? entry.replace(/;\s*Max-Age=\d+/i, `; Max-Age=${maxAge}`) : entry,
    );
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as unknown as { walletDashboardAuth?: Promise<Auth> };

export function getAuth(): Promise<Auth> {
  globalForAuth.walletDashboardAuth ??= getRuntime().then(({ db, config }) => createAuth(db, config));
  return globalForAuth.walletDashboardAuth;
}
