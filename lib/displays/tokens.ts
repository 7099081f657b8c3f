// Secrets of the display domain: pairing codes people type, session tokens only cookies carry.
// Only their SHA-256 is stored, so a database read does not hand out a working display session.
import { createHash, randomBytes, randomInt } from "node:crypto";
import { pairingAlphabet, pairingCodeLength } from "@/lib/vocabulary/pairing-code";
export const pairingCodeLifetimeMs = 5 * 60_000;

export function newPairingCode(): string {
  let code = "";
  for (let index = 0; index < pairingCodeLength; index++) code += pairingAlphabet[randomInt(pairingAlphabet.length)];
  return code;
}

export function newDisplaySessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
