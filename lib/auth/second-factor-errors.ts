// Turns better-auth's two-factor errors into messages an operator can act on (encoded message keys).
import { msg } from "@/lib/i18n/message";
import { isAPIError } from "better-auth/api";
import { wrongCodeWindowMinutes } from "@/lib/auth/second-factor-limiter";

import type { secondFactorReasons } from "@/lib/audit/audit-actions";

/** `reason`: one of the coded reasons the audit log labels (lib/audit/audit-actions.ts). */
export type SecondFactorRefusal = { reason: (typeof secondFactorReasons)[number]; message: string };

export function secondFactorRefusal(error: unknown): SecondFactorRefusal | null {
  if (!isAPIError(error)) return null;
  const code = (error.body as { code?: string } | undefined)?.code ?? "";
  switch (code) {
    case "TOTP_CODE_REUSED":
      return { reason: "code_reused", message: msg("errors.twoFactor.codeReused") };
    case "INVALID_TWO_FACTOR_COOKIE":
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return {
        reason: code === "INVALID_TWO_FACTOR_COOKIE" ? "invalid_two_factor_cookie" : "too_many_attempts_request_new_code",
        message: msg("errors.twoFactor.signInExpired"),
      };
    // The project's wrong-code limits at sign-in (lib/auth/second-factor-limiter.ts).
    case "SECOND_FACTOR_LOCKED_FOR_ADDRESS":
      return {
        reason: "two_factor_locked_for_address",
        message: msg("errors.twoFactor.lockedForAddress", { minutes: wrongCodeWindowMinutes }),
      };
    case "SECOND_FACTOR_LOCKED":
      return { reason: "two_factor_locked", message: msg("errors.twoFactor.lockedForAccount", { minutes: wrongCodeWindowMinutes }) };
    case "INVALID_BACKUP_CODE":
      return { reason: "invalid_backup_code", message: msg("errors.twoFactor.backupCodeWrong") };
    default:
      if (error.statusCode === 401 || error.statusCode === 400)
        return { reason: "invalid_code", message: msg("errors.twoFactor.codeWrong") };
      return null;
  }
}
