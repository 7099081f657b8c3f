// The configured keyring for the stores' wallet tokens (STORE_CREDENTIALS_KEY, STORE_CREDENTIALS_OLD_KEYS,
// or the key generated into the embedded secrets file), or null when none is configured.
import "server-only";
import { getConfig } from "@/lib/config";
import { type CredentialKeyring, keyringFrom } from "@/lib/stores/credential-cipher";

let cached: { settings: unknown; keyring: CredentialKeyring | null } | undefined;

export function configuredKeyring(): CredentialKeyring | null {
  const settings = getConfig().storeCredentials;
  if (cached?.settings !== settings) {
    cached = { settings, keyring: settings.currentKeyHex ? keyringFrom(settings.currentKeyHex, settings.oldKeysHex) : null };
  }
  return cached.keyring;
}
