// The secret of an API key: "wdk_" + an 8-character public prefix + "_" + 32 random bytes
// (base64url). Only its SHA-256 is stored. A slow password hash (scrypt, argon2) protects secrets
// people choose, which can be guessed; 256 random bits cannot be, so the hash only has to be
// one-way, and a fast one lets every request find its key by an indexed equality (no scan, no
// per-request key stretching on a 2-core machine).
import { createHash, randomBytes } from "node:crypto";
import { apiKeyTokenPrefix } from "@/lib/vocabulary/api-scopes";

const tokenPattern = /^wdk_([a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;

export function newApiKeyToken(): { token: string; prefix: string; secretHash: string } {
  // Lower-case letters and digits only, so the prefix reads out and selects with a double click.
  const prefix = `${apiKeyTokenPrefix}${randomBytes(8)
    .toString("base64url")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "0")
    .slice(0, 8)}`;
  const token = `${prefix}_${randomBytes(32).toString("base64url")}`;
  return { token, prefix, secretHash: hashApiKeyToken(token) };
}

export function hashApiKeyToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Whether the text has the shape of a key (checked before any database work). */
export function looksLikeApiKeyToken(text: string): boolean {
  return tokenPattern.test(text);
}
