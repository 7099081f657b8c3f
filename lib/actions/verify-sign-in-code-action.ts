"use server";
// Signs an operator in, step two: a code from their authenticator app, or one of their backup
// codes (each works once). Public: the pending sign-in is identified by better-auth's short-lived
// signed two-factor cookie, set by the password step. A code is accepted once (lib/auth/totp-replay.ts).
// Wrong codes are limited per address and per account (lib/security/rate-limit-rules.ts); only a
// failure for a known account is audited, so anonymous guesses cannot grow the audit table.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ActionFailure, ShownFailure } from "@/lib/actions/operator-action";
import { shownFailure } from "@/lib/actions/shown-failure";
import { fieldErrorsOf } from "@/lib/schemas/field-errors";
import { recordAuditEvent } from "@/lib/audit";
import { getAuth } from "@/lib/auth/auth";
import { clientAddress } from "@/lib/auth/client-address";
import { pendingSignInUserId } from "@/lib/auth/pending-sign-in";
import { secondFactorRefusal } from "@/lib/auth/second-factor-errors";
import { logger } from "@/lib/logger";
import { secondFactorSchema, type SecondFactorInput } from "@/lib/schemas/account-security";
import { checkFailures, recordFailure, type RateLimitBucket } from "@/lib/security/rate-limit";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { getRuntime } from "@/lib/server/runtime";
import { msg } from "@/lib/i18n/message";

async function verifySignInCode(input: SecondFactorInput): Promise<ActionFailure> {
  const parsed = secondFactorSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, code: "INVALID_INPUT", error: msg("errors.form.checkFields"), fieldErrors: fieldErrorsOf(parsed.error) };
  const auth = await getAuth();
  const { db, config } = await getRuntime();
  const requestHeaders = await headers();
  const address = clientAddress(requestHeaders, config.trustedProxyHops);
  const accountId = await pendingSignInUserId(auth, requestHeaders);
  // Per address only: the account's own lockout (per account and address, and per account from
  // everywhere) is the second-factor limiter's, lib/auth/second-factor-limiter.ts.
  const buckets: RateLimitBucket[] = [{ rule: rateLimitRules.signInCodeFailuresPerAddress, key: address }];
  const limited = await checkFailures(db, buckets);
  // Like sign-in's limits: an action cannot answer 429, so the refusal is its failure with the key.
  if (limited) {
    return { ok: false, code: "FORBIDDEN", error: msg("errors.rateLimit.address", { seconds: limited.retryAfterSeconds }) };
  }
  const { method, code } = parsed.data;
  try {
    const result =
      method === "totp"
        ? await auth.api.verifyTOTP({ body: { code }, headers: requestHeaders })
        : await auth.api.verifyBackupCode({ body: { code }, headers: requestHeaders });
    const signedIn = (result as { user?: { id: string; email: string } }).user;
    await recordAuditEvent(db, {
      actor: signedIn ? { id: signedIn.id, email: signedIn.email } : null,
      action: "auth.sign_in",
      outcome: "success",
      details: { stage: "second_factor", method, address },
    });
  } catch (error) {
    const refusal = secondFactorRefusal(error);
    if (refusal) {
      await recordFailure(db, buckets);
      if (accountId)
        await recordAuditEvent(db, {
          actor: null,
          action: "auth.sign_in",
          outcome: "failure",
          target: { type: "operator", id: accountId },
          details: { stage: "second_factor", method, address, reason: refusal.reason },
        });
      return { ok: false, code: "FORBIDDEN", error: refusal.message };
    }
    logger.error({ err: error }, "second-factor sign-in failed unexpectedly");
    return { ok: false, code: "FAILED", error: msg("errors.signIn.failed") };
  }
  redirect("/");
}

export async function verifySignInCodeAction(input: SecondFactorInput): Promise<ShownFailure> {
  return shownFailure(await verifySignInCode(input));
}
