"use server";
// Signs an operator in. Public by nature; the failed-attempt limiter runs inside better-auth's
// hooks (lib/auth/auth.ts), so it applies here too.
import { isAPIError } from "better-auth/api";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { fieldErrorsOf, type ActionFailure } from "@/lib/actions/operator-action";
import { getAuth } from "@/lib/auth/auth";
import { tooManyAttemptsMessage } from "@/lib/auth/sign-in-limiter";
import { logger } from "@/lib/logger";
import { refuseForeignOrigin } from "@/lib/security/request-origin";
import { signInSchema, type SignInInput } from "@/lib/schemas/operator";

export async function signInAction(input: SignInInput): Promise<ActionFailure> {
  const foreignOrigin = await refuseForeignOrigin("auth.sign_in");
  if (foreignOrigin) return { ok: false, code: "FORBIDDEN", error: foreignOrigin };
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return { ok: false, code: "INVALID_INPUT", error: "Check the highlighted fields.", fieldErrors: fieldErrorsOf(parsed.error) };
  const auth = await getAuth();
  try {
    await auth.api.signInEmail({ body: parsed.data, headers: await headers() });
  } catch (error) {
    if (isAPIError(error)) {
      if (error.statusCode === 429) return { ok: false, code: "FORBIDDEN", error: tooManyAttemptsMessage };
      if (error.statusCode === 401 || error.statusCode === 403 || error.statusCode === 400) {
        return { ok: false, code: "FORBIDDEN", error: "Wrong e-mail or password." };
      }
    }
    logger.error({ err: error }, "sign-in failed unexpectedly");
    return { ok: false, code: "FAILED", error: "Signing in failed because of a server problem. Try again in a moment." };
  }
  redirect("/");
}
