// The configured keyring for the stores' wallet tokens (STORE_CREDENTIALS_KEY, STORE_CREDENTIALS_OLD_KEYS,
// or the key generated into the embedded secrets file), or null when none is configured.
import "server-only";
import { type AppConfig, getConfig } from "@/lib/config";
import { type CredentialKeyring, keyringFrom } from "@/lib/stores/credential-cipher";

let cached: { settings: unknown; keyring: CredentialKeyring | null } | undefined;

/** The keyring of `settings` (the runtime's; by default the process's settings). */
export function configuredKeyring(settings: AppConfig["storeCredentials"] = getConfig().storeCredentials): CredentialKeyring | null {
  if (cached?.settings !== settings) {
    cached = { settings, keyring: settings.currentKeyHex ? keyringFrom(settings.currentKeyHex, settings.oldKeysHex) : null };
  }
  return cached.keyring;
}
