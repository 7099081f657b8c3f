// A store's wallet token at rest (issue #49): AES-256-GCM (node:crypto), a fresh 12-byte IV per
// encryption, the store's id as additional data (a ciphertext copied onto another store's row does
// not decrypt). The key comes from the secrets (STORE_CREDENTIALS_KEY, or generated into the embedded
// secrets file); each ciphertext is stored beside the id of the key that made it, so a new key can be
// introduced while the old ones (STORE_CREDENTIALS_OLD_KEYS) still decrypt, and `reencrypt` moves a
// ciphertext onto the current key (scripts/rotate-store-credentials.ts, or at start).
// The token never leaves the server: only its last 4 characters are shown (tokenLast4).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

export type CredentialKey = { id: string; key: Buffer };
export type CredentialKeyring = { current: CredentialKey; old: CredentialKey[] };
export type SealedCredential = { ciphertext: string; keyId: string };

const format = "v1";

export class CredentialCipherError extends Error {
  override name = "CredentialCipherError";
}

/** A key as configured: 64 hex characters (32 bytes, `openssl rand -hex 32`). Its id is derived from it (no name to keep in step). */
export function credentialKeyFromHex(hex: string): CredentialKey {
  const trimmed = hex.trim();
  if (!/^[0-9a-fA-F]{64}$/.test(trimmed)) {
    throw new CredentialCipherError("A store credentials key must be 64 hexadecimal characters (generate one with: openssl rand -hex 32).");
  }
  const key = Buffer.from(trimmed, "hex");
  const id = createHash("sha256").update("wallet-dashboard store credentials key\0").update(key).digest("hex").slice(0, 12);
  return { id, key };
}

export function keyringFrom(currentHex: string, oldHex: readonly string[] = []): CredentialKeyring {
  const current = credentialKeyFromHex(currentHex);
  const old = oldHex.map(credentialKeyFromHex).filter((key) => key.id !== current.id);
  return { current, old };
}

const b64 = (buffer: Buffer) => buffer.toString("base64url");

export function sealCredential(keyring: CredentialKeyring, plaintext: string, storeId: string): SealedCredential {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyring.current.key, iv);
  cipher.setAAD(Buffer.from(storeId, "utf8"));
  const encrypted = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return { ciphertext: [format, b64(iv), b64(cipher.getAuthTag()), b64(encrypted)].join("."), keyId: keyring.current.id };
}

export function openCredential(keyring: CredentialKeyring, sealed: SealedCredential, storeId: string): string {
  const key = [keyring.current, ...keyring.old].find((candidate) => candidate.id === sealed.keyId);
  if (!key) {
    throw new CredentialCipherError(
      `No configured store credentials key has id ${sealed.keyId}: add the key that encrypted it to STORE_CREDENTIALS_OLD_KEYS.`,
    );
  }
  const parts = sealed.ciphertext.split(".");
  if (parts.length !== 4 || parts[0] !== format) throw new CredentialCipherError("The stored credential is not in a known format.");
  const [, iv, tag, data] = parts as [string, string, string, string];
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(storeId, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    // GCM's own message says nothing useful; never include the data.
    throw new CredentialCipherError("The stored credential could not be decrypted (wrong key or altered data).");
  }
}

/** The credential under the current key: unchanged (same object) when it already is, else decrypted and sealed again. */
export function reencryptCredential(keyring: CredentialKeyring, sealed: SealedCredential, storeId: string): SealedCredential {
  if (sealed.keyId === keyring.current.id) return sealed;
  return sealCredential(keyring, openCredential(keyring, sealed, storeId), storeId);
}

/** What may be shown of a token: its last 4 characters. */
export function tokenLast4(token: string): string {
  return token.slice(-4);
}
