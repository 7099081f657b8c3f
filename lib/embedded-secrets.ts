// Secrets for the zero-setup embedded mode: generated on first start and kept next to the
// embedded database (file mode 0600), so sessions and the sandbox token survive restarts.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import * as z from "@/lib/schemas/zod";

const embeddedSecretsSchema = z.object({
  authSecret: z.string().check(z.minLength(32)),
  callbackSecret: z.string().check(z.minLength(32)),
  walletToken: z.string().check(z.minLength(32)),
  // Added in issue #49: a file written before has none, and gets one on the next start.
  storeCredentialsKey: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
});

export type EmbeddedSecrets = z.infer<typeof embeddedSecretsSchema>;

export function loadOrCreateEmbeddedSecrets(filePath: string): EmbeddedSecrets & { storeCredentialsKey: string } {
  try {
    const existing = embeddedSecretsSchema.parse(JSON.parse(readFileSync(filePath, "utf8")));
    if (existing.storeCredentialsKey) return { ...existing, storeCredentialsKey: existing.storeCredentialsKey };
    const completed = { ...existing, storeCredentialsKey: randomBytes(32).toString("hex") };
    writeFileSync(filePath, JSON.stringify(completed, null, 2), { mode: 0o600 });
    return completed;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      throw new Error(
        `The embedded secrets file ${filePath} is unreadable or corrupt; delete it to generate new secrets (signed-in sessions will end).`,
      );
    }
  }
  const secrets = {
    authSecret: randomBytes(32).toString("hex"),
    callbackSecret: randomBytes(32).toString("hex"),
    walletToken: `sbx_${randomBytes(24).toString("hex")}`,
    storeCredentialsKey: randomBytes(32).toString("hex"),
  };
  mkdirSync(dirname(filePath), { recursive: true });
  try {
    // "wx": if another process created it a moment ago, keep theirs.
    writeFileSync(filePath, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: "wx" });
    return secrets;
  } catch {
    return loadOrCreateEmbeddedSecrets(filePath);
  }
}
