// Rotation of the stores' token key: every token sealed under an old key (one of
// STORE_CREDENTIALS_OLD_KEYS) is decrypted and sealed again under STORE_CREDENTIALS_KEY. Run by
// `npm run stores:rotate-credentials` after a new key is configured; once it reports none left, the
// old keys can be removed from the settings. A token whose key is not configured is reported, not lost.
import type { Database } from "@/lib/db/client";
import { findConnectionsNotUnderKey, replaceSealedToken } from "@/lib/db/queries/stores";
import { type CredentialKeyring, reencryptCredential } from "@/lib/stores/credential-cipher";

export type RotationReport = { reencrypted: number; failed: Array<{ storeId: string; reason: string }> };

export async function rotateStoreCredentials(db: Database, keyring: CredentialKeyring): Promise<RotationReport> {
  const report: RotationReport = { reencrypted: 0, failed: [] };
  for (const row of await findConnectionsNotUnderKey(db, keyring.current.id)) {
    const previous = { ciphertext: row.walletTokenCiphertext!, keyId: row.walletTokenKeyId! };
    try {
      const sealed = reencryptCredential(keyring, previous, row.id);
      if (await replaceSealedToken(db, row.id, previous.ciphertext, sealed)) report.reencrypted += 1;
    } catch (error) {
      // The cipher's messages never contain the token.
      report.failed.push({ storeId: row.id, reason: (error as Error).message });
    }
  }
  return report;
}
