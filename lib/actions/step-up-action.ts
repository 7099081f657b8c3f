"use server";
// Step-up: proves it is still the operator at the keyboard, so the next 5 minutes of sensitive
// actions (lib/auth/step-up.ts) are allowed. A TOTP code (accepted once) or a backup code; the
// password only for an operator without two-factor. Five wrong proofs in 5 minutes pause it.
// A successful step-up gives the session a new token.
import { isAPIError } from "better-auth/api";
import { headers } from "next/headers";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { getAuth } from "@/lib/auth/auth";
import { type SecondFactorRefusal, secondFactorRefusal } from "@/lib/auth/second-factor-errors";
import { clientAddress } from "@/lib/auth/client-address";
import { rotateSessionToken } from "@/lib/auth/rotate-session";
import { markSteppedUp } from "@/lib/auth/session-activity";
import { countRecentFailures } from "@/lib/db/queries/audit-events";
import { stepUpSchema } from "@/lib/schemas/account-security";
import { msg } from "@/lib/i18n/message";

const maxFailedStepUps = 5;
const failedStepUpWindowMs = 5 * 60_000;

export const stepUpAction = operatorAction(
  { name: "auth.step_up", capability: "read", input: stepUpSchema, allowPending: true },
  async ({ method, code }, { db, config, operator }) => {
    const actor = { id: operator.id, email: operator.email };
    const recentFailures = await countRecentFailures(db, "auth.step_up", operator.id, new Date(Date.now() - failedStepUpWindowMs));
    if (recentFailures >= maxFailedStepUps) {
      await recordAuditEvent(db, { actor, action: "auth.step_up", outcome: "refused", details: { method, reason: "too_many_attempts" } });
      return { ok: false, code: "FORBIDDEN", error: msg("errors.twoFactor.tooManyAttempts") };
    }
    if (method === "password" && operator.twoFactorEnabled) {
      return {
        ok: false,
        code: "INVALID_INPUT",
        error: msg("errors.twoFactor.codeEmpty"),
        fieldErrors: { code: [msg("errors.twoFactor.codeEmpty")] },
      };
    }
    if (method !== "password" && !operator.twoFactorEnabled) {
      return {
        ok: false,
        code: "INVALID_INPUT",
        error: msg("errors.password.empty"),
        fieldErrors: { code: [msg("errors.password.empty")] },
      };
    }
    const auth = await getAuth();
    const requestHeaders = await headers();
    let refusal: { reason: SecondFactorRefusal["reason"] | "invalid_password"; message: string } | null = null;
    try {
      if (method === "totp") await auth.api.verifyTOTP({ body: { code }, headers: requestHeaders });
      else if (method === "backup") await auth.api.verifyBackupCode({ body: { code, disableSession: true }, headers: requestHeaders });
      else await auth.api.verifyPassword({ body: { password: code }, headers: requestHeaders });
    } catch (error) {
      refusal = secondFactorRefusal(error);
      if (method === "password" && isAPIError(error)) refusal = { reason: "invalid_password", message: msg("errors.password.wrong") };
      if (!refusal) throw error;
    }
    if (refusal) {
      await recordAuditEvent(db, { actor, action: "auth.step_up", outcome: "failure", details: { method, reason: refusal.reason } });
      return { ok: false, code: "INVALID_INPUT", error: refusal.message, fieldErrors: { code: [refusal.message] } };
    }
    await markSteppedUp(db, operator.sessionId);
    // A new token for the proven session (its activity row, stepped up now, comes with it).
    await rotateSessionToken(auth, db, {
      userId: operator.id,
      sessionId: operator.sessionId,
      address: clientAddress(requestHeaders, config.trustedProxyHops),
    });
    await recordAuditEvent(db, {
      actor,
      action: "auth.step_up",
      outcome: "success",
      details: { method, address: clientAddress(requestHeaders, config.trustedProxyHops) },
    });
    return { ok: true, data: { steppedUp: true } };
  },
);
