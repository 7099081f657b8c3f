// The verification code printed on every receipt (and in its QR): the transaction's id and an HMAC
// of it, so anyone holding a receipt can have the dashboard confirm it is genuine, and nobody can
// make up a code for another transaction or alter one (the public page refuses it). The key is
// derived from the auth secret (HKDF, its own label), so no new setting is needed; rotating
// BETTER_AUTH_SECRET invalidates the codes of receipts already sent.
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

const keyLabel = "wallet-dashboard receipt verification v1";
/** 128 bits of the HMAC: far beyond guessing, and the code stays short enough for a small QR. */
const tagBytes = 16;
const codePattern = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

const keys = new Map<string, Buffer>();
function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), keyLabel, 32));
    keys.set(secret, key);
  }
  return key;
}

function uuidBytes(id: string): Buffer {
  return Buffer.from(id.replace(/-/g, ""), "hex");
}

function tagOf(secret: string, idBytes: Buffer): Buffer {
  return createHmac("sha256", keyFor(secret)).update("receipt:").update(idBytes).digest().subarray(0, tagBytes);
}

/** "<id, 22 characters>.<tag, 22 characters>" for a transaction id (a UUID). */
export function receiptVerificationCode(secret: string, transactionId: string): string {
  const idBytes = uuidBytes(transactionId);
  if (idBytes.length !== 16) throw new TypeError("A receipt is for a transaction id (a UUID)");
  return `${idBytes.toString("base64url")}.${tagOf(secret, idBytes).toString("base64url")}`;
}

/** The transaction id a genuine code names, or null for anything forged, altered or malformed. */
export function verifyReceiptCode(secret: string, code: string): string | null {
  const match = codePattern.exec(code);
  if (!match) return null;
  const idBytes = Buffer.from(match[1]!, "base64url");
  const tag = Buffer.from(match[2]!, "base64url");
  // base64url of 16 bytes has 4 spare bits: a code differing only there decodes to the same bytes,
  // so compare the canonical spelling too (an altered code is refused, not silently the same).
  if (
    idBytes.length !== 16 ||
    tag.length !== tagBytes ||
    idBytes.toString("base64url") !== match[1] ||
    tag.toString("base64url") !== match[2]
  )
    return null;
  if (!timingSafeEqual(tag, tagOf(secret, idBytes))) return null;
  const hex = idBytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The public page a code opens (what the QR and "copy receipt link" carry). */
export function receiptVerificationUrl(appUrl: string, code: string): string {
  return `${appUrl}/verify/${code}`;
}
