"use server";
// Creates the first admin. Works exactly once: the setup_state primary key lets only one caller
// claim it, and afterwards this action refuses (the page is gone too). Anyone can call it, so each
// address has a budget of tries (lib/security/rate-limit-rules.ts).
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ActionFailure, ShownFailure } from "@/lib/actions/operator-action";
import { shownFailure } from "@/lib/actions/shown-failure";
import { fieldErrorsOf } from "@/lib/schemas/field-errors";
import { recordAuditEvent } from "@/lib/audit";
import { getAuth } from "@/lib/auth/auth";
import { clientAddress } from "@/lib/auth/client-address";
import { claimSetup, isSetupComplete, markSetupAdmin, releaseSetupClaim } from "@/lib/auth/setup";
import { logger } from "@/lib/logger";
import { countRequest } from "@/lib/security/rate-limit";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { refuseForeignOrigin } from "@/lib/security/request-origin";
import { firstAdminSchema, type FirstAdminInput } from "@/lib/schemas/operator";
import { getRuntime } from "@/lib/server/runtime";
import { msg } from "@/lib/i18n/message";

async function completeSetup(input: FirstAdminInput): Promise<ActionFailure> {
  // Counted first, so refused origins (each audited) are bounded per address too.
  const { db, config } = await getRuntime();
  const refusal = await countRequest(db, [
    { rule: rateLimitRules.setupPerAddress, key: clientAddress(await headers(), config.trustedProxyHops) },
  ]);
  // Like sign-in's limits: an action cannot answer 429, so the refusal is its failure with the key.
  if (refusal) return { ok: false, code: "FORBIDDEN", error: msg("errors.rateLimit.address", { seconds: refusal.retryAfterSeconds }) };
  const foreignOrigin = await refuseForeignOrigin("setup.first_admin");
  if (foreignOrigin) return { ok: false, code: "FORBIDDEN", error: foreignOrigin };
  const parsed = firstAdminSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, code: "INVALID_INPUT", error: msg("errors.form.checkFields"), fieldErrors: fieldErrorsOf(parsed.error) };
  const alreadyDone = { ok: false, code: "FORBIDDEN", error: msg("errors.setup.alreadyDone") } as const;
  if ((await isSetupComplete(db)) || !(await claimSetup(db))) return alreadyDone;

  const auth = await getAuth();
  const { name, email, password } = parsed.data;
  try {
    const created = await auth.api.createUser({ body: { name, email, password, role: "admin" } });
    await markSetupAdmin(db, created.user.id);
    await recordAuditEvent(db, {
      actor: { id: created.user.id, email },
      action: "setup.first_admin",
      outcome: "success",
      target: { type: "operator", id: created.user.id },
    });
  } catch (error) {
    await releaseSetupClaim(db);
    logger.error({ err: error }, "first admin creation failed");
    return { ok: false, code: "FAILED", error: msg("errors.setup.failed") };
  }
  await auth.api.signInEmail({ body: { email, password }, headers: await headers() });
  redirect("/");
}

export async function completeSetupAction(input: FirstAdminInput): Promise<ShownFailure> {
  return shownFailure(await completeSetup(input));
}
