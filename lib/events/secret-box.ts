// Endpoint signing secrets at rest: the worker must sign with the secret itself (an HMAC), so it
// cannot be hashed like a password; it is sealed with AES-256-GCM under a key derived (HKDF) from
// the deployment's BETTER_AUTH_SECRET, so a database dump alone does not reveal it.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const keyInfo = "wallet-dashboard/event-endpoint-secrets/v1";
const version = "v1";

export type SecretBox = { seal: (secret: string) => string; open: (sealed: string) => string };

export function secretBoxFor(serverSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", serverSecret, "", keyInfo, 32));
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
      return [version, iv.toString("base64"), cipher.getAuthTag().toString("base64"), body.toString("base64")].join(".");
    },
    open(sealed) {
      const [tag, iv, authTag, body] = sealed.split(".");
      if (tag !== version || !iv || !authTag || !body) throw new Error("The endpoint secret is not in a known sealed format.");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
      decipher.setAuthTag(Buffer.from(authTag, "base64"));
      try {
        return Buffer.concat([decipher.update(Buffer.from(body, "base64")), decipher.final()]).toString("utf8");
      } catch {
        // The server secret changed since the endpoint was created: the admin rotates its secret.
        throw new Error("The endpoint secret cannot be opened with this server's BETTER_AUTH_SECRET; rotate the endpoint's secret.");
      }
    },
  };
}
