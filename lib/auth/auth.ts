// The better-auth instance: e-mail + password, roles through the admin plugin, sessions in our
// database. Its HTTP routes are not mounted: every sign-in goes through our server actions, and
// the limiter below runs in better-auth's own hooks so no path can skip it.
import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { admin } from "better-auth/plugins";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import { recordAuditEvent } from "@/lib/audit";
import { isSignInLocked, recordSignInAttempt, tooManyAttemptsMessage } from "@/lib/auth/sign-in-limiter";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { logger } from "@/lib/logger";
import { getRuntime } from "@/lib/server/runtime";

export const minimumPasswordLength = 12;

export function createAuth(db: Database, config: Pick<AppConfig, "appUrl" | "authSecret">) {
  return betterAuth({
    appName: "Wallet Dashboard",
    baseURL: config.appUrl,
    secret: config.authSecret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
    }),
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: minimumPasswordLength, maxPasswordLength: 128 },
    session: { expiresIn: 60 * 60 * 12, updateAge: 60 * 60 },
    advanced: { cookiePrefix: "wallet-dashboard" },
    telemetry: { enabled: false },
    // better-auth's own messages go to our structured (redacting) log instead of stderr.
    logger: { log: (level, message) => logger[level]({ source: "better-auth" }, message) },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const email = typeof ctx.body?.email === "string" ? ctx.body.email : "";
        if (email && (await isSignInLocked(db, email))) {
          await recordAuditEvent(db, { actor: null, action: "auth.sign_in", outcome: "refused", details: { email, reason: "too_many_attempts" } });
          throw new APIError("TOO_MANY_REQUESTS", { message: tooManyAttemptsMessage, code: "TOO_MANY_ATTEMPTS" });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const email = typeof ctx.body?.email === "string" ? ctx.body.email : "";
        if (!email) return;
        const failed = isAPIError(ctx.context.returned);
        await recordSignInAttempt(db, email, !failed);
        const signedIn = ctx.context.newSession?.user;
        await recordAuditEvent(db, {
          actor: signedIn ? { id: signedIn.id, email: signedIn.email } : null,
          action: "auth.sign_in",
          outcome: failed ? "failure" : "success",
          details: { email },
        });
      }),
    },
    // nextCookies must stay last: it copies Set-Cookie from auth.api calls made in server actions.
    plugins: [
      // Only "admin" may use better-auth's own admin endpoints; the dashboard's finer permissions
      // (finance, qa, viewer) are checked by our actions (lib/auth/roles.ts).
      admin({ roles: { admin: adminAc, finance: userAc, qa: userAc, viewer: userAc }, defaultRole: "viewer", adminRoles: ["admin"] }),
      nextCookies(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as unknown as { walletDashboardAuth?: Promise<Auth> };

export function getAuth(): Promise<Auth> {
  globalForAuth.walletDashboardAuth ??= getRuntime().then(({ db, config }) => createAuth(db, config));
  return globalForAuth.walletDashboardAuth;
}
