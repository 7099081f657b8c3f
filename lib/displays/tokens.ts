// Secrets of the display domain: pairing codes people type, session tokens only cookies carry.
// Only their SHA-256 is stored, so a database read does not hand out a working display session.
import { createHash, randomBytes, randomInt } from "node:crypto";

/** No 0/O, 1/I/L, U: easy to read across a shop and to type on a tablet keyboard. */
const pairingAlphabet = "ABCDEFGHJKMNPQRSTVWXYZ23456789";
export const pairingCodeLength = 8;
export const pairingCodeLifetimeMs = 5 * 60_000;

export function newPairingCode(): string {
  let code = "";
  for (let index = 0; index < pairingCodeLength; index++) code += pairingAlphabet[randomInt(pairingAlphabet.length)];
  return code;
}

/** What a person typed, as stored: upper case, spaces and dashes ignored. */
export function normalizePairingCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "");
}

export function newDisplaySessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
