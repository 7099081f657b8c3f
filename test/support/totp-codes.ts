// Authenticator codes for tests, computed with the same library better-auth verifies with. A code
// is accepted once per 30-second step, so each operator's next code uses the next unused step
// (better-auth accepts one step either side of now), waiting for the clock only when both are spent.
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

const periodMs = 30_000;

/** The raw secret behind an otpauth:// URI's (or a manual key's) base32 text. */
export function secretFromBase32(key: string): string {
  return new TextDecoder().decode(base32.decode(key.replace(/\s+/g, "").toUpperCase()));
}

export function secretFromTotpUri(uri: string): string {
  return secretFromBase32(new URL(uri).searchParams.get("secret") ?? "");
}

export function currentStep(now = Date.now()): number {
  return Math.floor(now / periodMs);
}

/** A code for `step` (the current one by default). */
export function totpCodeAt(secret: string, step = currentStep()): Promise<string> {
  return createOTP(secret).hotp(step);
}

/** A fresh code that was not used before, given the last step used; returns the code and its step. */
export async function unusedTotpCode(secret: string, lastUsedStep: number | undefined): Promise<{ code: string; step: number }> {
  let step = Math.max(currentStep(), (lastUsedStep ?? 0) + 1);
  while (step > currentStep() + 1) await new Promise((resolve) => setTimeout(resolve, 1_000));
  step = Math.max(step, currentStep());
  return { code: await totpCodeAt(secret, step), step };
}
