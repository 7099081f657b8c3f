import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  CredentialCipherError,
  keyringFrom,
  openCredential,
  reencryptCredential,
  sealCredential,
  tokenLast4,
} from "@/lib/stores/credential-cipher";

const hexKey = () => randomBytes(32).toString("hex");
const storeId = "3f1c9a52-6d0e-4b7a-9a51-0c2f1b7e4d11";
const token = "wlt_live_8d1f0c7a9b3e4d2f";

describe("store credential cipher", () => {
  it("round-trips a token, and the ciphertext does not contain it", () => {
    const keyring = keyringFrom(hexKey());
    const sealed = sealCredential(keyring, token, storeId);
    expect(sealed.keyId).toBe(keyring.current.id);
    expect(sealed.ciphertext).not.toContain(token);
    expect(sealed.ciphertext).not.toContain(Buffer.from(token).toString("base64url"));
    expect(openCredential(keyring, sealed, storeId)).toBe(token);
    // A fresh IV each time: the same token never gives the same ciphertext.
    expect(sealCredential(keyring, token, storeId).ciphertext).not.toBe(sealed.ciphertext);
  });

  it("refuses a ciphertext under a key it does not have, and under a different key claiming the same id", () => {
    const sealed = sealCredential(keyringFrom(hexKey()), token, storeId);
    expect(() => openCredential(keyringFrom(hexKey()), sealed, storeId)).toThrow(/STORE_CREDENTIALS_OLD_KEYS/);
    const other = keyringFrom(hexKey());
    expect(() => openCredential(other, { ...sealed, keyId: other.current.id }, storeId)).toThrow(CredentialCipherError);
  });

  it("refuses a tampered ciphertext, tag or IV, and a ciphertext moved onto another store", () => {
    const keyring = keyringFrom(hexKey());
    const sealed = sealCredential(keyring, token, storeId);
    const parts = sealed.ciphertext.split(".");
    for (const index of [1, 2, 3]) {
      const altered = [...parts];
      const bytes = Buffer.from(altered[index]!, "base64url");
      bytes[0] = bytes[0]! ^ 0x01;
      altered[index] = bytes.toString("base64url");
      expect(() => openCredential(keyring, { ...sealed, ciphertext: altered.join(".") }, storeId)).toThrow(/could not be decrypted/);
    }
    expect(() => openCredential(keyring, sealed, "9a1c9a52-6d0e-4b7a-9a51-0c2f1b7e4d11")).toThrow(/could not be decrypted/);
    expect(() => openCredential(keyring, { ...sealed, ciphertext: "v2.a.b.c" }, storeId)).toThrow(/known format/);
  });

  it("rotation: a ciphertext under an old key is re-encrypted under the current one; one already current is left alone", () => {
    const oldHex = hexKey();
    const before = keyringFrom(oldHex);
    const sealed = sealCredential(before, token, storeId);
    const after = keyringFrom(hexKey(), [oldHex]);
    expect(openCredential(after, sealed, storeId)).toBe(token);
    const rotated = reencryptCredential(after, sealed, storeId);
    expect(rotated.keyId).toBe(after.current.id);
    expect(rotated.keyId).not.toBe(sealed.keyId);
    // Once rotated, the old key can be dropped.
    expect(openCredential(keyringFrom(after.current.key.toString("hex")), rotated, storeId)).toBe(token);
    expect(reencryptCredential(after, rotated, storeId)).toBe(rotated);
  });

  it("rejects a malformed key, and shows only the last 4 characters", () => {
    expect(() => keyringFrom("short")).toThrow(/64 hexadecimal/);
    expect(tokenLast4(token)).toBe("4d2f");
  });
});
