// Turns better-auth's two-factor errors into messages an operator can act on.
import { isAPIError } from "better-auth/api";
import { reusedCodeMessage } from "@/lib/auth/auth";

export type SecondFactorRefusal = { reason: string; message: string };

export function secondFactorRefusal(error: unknown): SecondFactorRefusal | null {
  if (!isAPIError(error)) return null;
  const code = (error.body as { code?: string } | undefined)?.code ?? "";
  switch (code) {
    case "TOTP_CODE_REUSED":
      return { reason: "code_reused", message: reusedCodeMessage };
    case "INVALID_TWO_FACTOR_COOKIE":
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return {
        reason: code.toLowerCase(),
        message: "This sign-in has expired or had too many wrong codes. Sign in again with your password.",
      };
    case "ACCOUNT_TEMPORARILY_LOCKED":
      return {
        reason: "two_factor_locked",
        message: "Too many wrong codes for this account. Wait 15 minutes, or ask an administrator to reset your two-factor sign-in.",
      };
    case "INVALID_BACKUP_CODE":
      return { reason: "invalid_backup_code", message: "This backup code is wrong or was already used." };
    default:
      if (error.statusCode === 401 || error.statusCode === 400)
        return { reason: "invalid_code", message: "The code is wrong. Check your authenticator app and enter the current code." };
      return null;
  }
}
