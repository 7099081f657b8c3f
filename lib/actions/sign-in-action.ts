"use server";
// Signs an operator in, step one: the password. Public by nature; both sign-in limits run inside
// better-auth's hooks (lib/auth/auth.ts), so they apply here too. An operator with two-factor gets
// a code challenge (lib/actions/verify-sign-in-code-action.ts) instead of a session.
import { tooManyFromAddressMessage } from "@/lib/auth/sign-in-limiter";
import { isAPIError } from "better-auth/api";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ActionAnswer, ActionResult } from "@/lib/actions/operator-action";
import { shownFailure } from "@/lib/actions/shown-failure";
import { fieldErrorsOf } from "@/lib/schemas/field-errors";
import { getAuth } from "@/lib/auth/auth";
import { logger } from "@/lib/logger";
import { refuseForeignOrigin } from "@/lib/security/request-origin";
import { signInSchema, type SignInInput } from "@/lib/schemas/operator";
import { msg } from "@/lib/i18n/message";

async function signIn(input: SignInInput): Promise<ActionResult<{ next: "code" }>> {
  const foreignOrigin = await refuseForeignOrigin("auth.sign_in");
  if (foreignOrigin) return { ok: false, code: "FORBIDDEN", error: foreignOrigin };
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, code: "INVALID_INPUT", error: msg("errors.form.checkFields"), fieldErrors: fieldErrorsOf(parsed.error) };
  const auth = await getAuth();
  let needsCode = false;
  try {
    const result = await auth.api.signInEmail({ body: parsed.data, headers: await headers() });
    needsCode = Boolean((result as { twoFactorRedirect?: boolean }).twoFactorRedirect);
  } catch (error) {
    if (isAPIError(error)) {
      if (error.statusCode === 429)
        return {
          ok: false,
          code: "FORBIDDEN",
          error: msg(error.message === tooManyFromAddressMessage ? "errors.signIn.tooManyFromAddress" : "errors.signIn.tooManyForAccount"),
        };
      if (error.statusCode === 401 || error.statusCode === 403 || error.statusCode === 400) {
        return { ok: false, code: "FORBIDDEN", error: msg("errors.signIn.wrongCredentials") };
      }
    }
    logger.error({ err: error }, "sign-in failed unexpectedly");
    return { ok: false, code: "FAILED", error: msg("errors.signIn.failed") };
  }
  if (needsCode) return { ok: true, data: { next: "code" } };
  redirect("/");
}

export async function signInAction(input: SignInInput): Promise<ActionAnswer<{ next: "code" }>> {
  return shownFailure(await signIn(input));
}
