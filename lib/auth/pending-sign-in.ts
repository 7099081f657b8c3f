// The operator a pending two-factor sign-in is for, read from better-auth's challenge cookie, so
// wrong codes can be limited per account as well as per address (verify-sign-in-code-action.ts).
import type { Auth } from "@/lib/auth/auth";

/**
 * The user id behind the request's two-factor challenge, or null. The signature is not checked
 * here (better-auth checks it when it verifies the code): the identifier only chooses which
 * account's counter a failure goes to, and one the server did not issue maps to no account.
 */
export async function pendingSignInUserId(auth: Auth, headers: Headers): Promise<string | null> {
  const context = await auth.$context;
  const cookieName = context.createAuthCookie("two_factor").name;
  const raw = (headers.get("cookie") ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${cookieName}=`))
    ?.slice(cookieName.length + 1);
  if (!raw) return null;
  let signed: string;
  try {
    signed = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const identifier = signed.slice(0, Math.max(0, signed.lastIndexOf(".")));
  if (!identifier || identifier.length > 200) return null;
  const verification = await context.internalAdapter.findVerificationValue(identifier);
  return verification?.value ?? null;
}
