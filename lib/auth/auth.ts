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
import { maxAbsoluteLifetimeMinutes } from "@/lib/auth/security-settings";
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

export function createAuth(db: Database, config: Pick<AppConfig, "appUrl" | "authSecret"> & Partial<Pick<AppConfig, "trustedProxyHops">>) {
  const addressOf = (headers: Headers | undefined) => clientAddress(headers, config.trustedProxyHops ?? 0);
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
    // lib/auth/session-activity.ts; this is only the outer bound.
    session: { expiresIn: maxAbsoluteLifetimeMinutes * 60, disableSessionRefresh: true },
    advanced: { cookiePrefix: "wallet-dashboard" },
    telemetry: { enabled: false },
    // better-auth's own messages go to our structured (redacting) log instead of stderr.
    logger: { log: (level, message) => logger[level]({ source: "better-auth" }, message) },
    databaseHooks: {
      session: {
        create: {
          // A session only starts after the password (and the TOTP code when enrolled): that
          // counts as a step-up, so the first sensitive action right after signing in is not asked again.
          after: async (created) => {
            const now = new Date();
            await db
              .insert(schema.sessionActivity)
              .values({ sessionId: created.id, lastSeenAt: now, steppedUpAt: now })
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
          const userId = await twoFactorUserId(ctx);
          if (!userId || !code) return; // better-auth refuses it with its own error
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
        if (ctx.path === "/two-factor/verify-backup-code" && ctx.body?.trustDevice) {
          throw new APIError("BAD_REQUEST", { message: "Trusting a device is not allowed.", code: "TRUST_DEVICE_DISABLED" });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
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
      twoFactor({ issuer: "Wallet Dashboard", allowPasswordless: true, backupCodeOptions: { amount: 10, length: 10 } }),
      nextCookies(),
    ],
  });
}

/** The operator a TOTP verification is for: the signed-in session's, or the pending sign-in challenge's. */
async function twoFactorUserId(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookieName = ctx.context.createAuthCookie("two_factor").name;
  const challenge = await ctx.getSignedCookie(cookieName, ctx.context.secret);
  if (!challenge) return null;
  const verification = await ctx.context.internalAdapter.findVerificationValue(challenge);
  return verification?.value ?? null;
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as unknown as { walletDashboardAuth?: Promise<Auth> };

export function getAuth(): Promise<Auth> {
  globalForAuth.walletDashboardAuth ??= getRuntime().then(({ db, config }) => createAuth(db, config));
  return globalForAuth.walletDashboardAuth;
}
