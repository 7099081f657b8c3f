// The one resolver from a store to its wallet (issue #49): a store without a connection of its own
// (the first store, FIRST_STORE_ID) uses the wallet configured in the settings (getWalletClient);
// another store's client is built from its base URL and its token, decrypted here on the server and
// nowhere else. Clients are cached per store and rebuilt when its connection changes.
// It lives here, not in lib/wallet/, because lib/wallet/ may import neither lib/db/ nor a feature (docs/architecture.md).
import "server-only";
import { type AppConfig, getConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { findStoreConnection, type StoreConnection } from "@/lib/db/queries/stores";
import { walletConnectionOutboundPolicy } from "@/lib/net/outbound-fetch";
import { createGuardedFetch } from "@/lib/net/outbound-guard";
import { type CredentialKeyring, openCredential } from "@/lib/stores/credential-cipher";
import { configuredKeyring } from "@/lib/stores/keyring";
import { createWalletClient, getWalletClient, type WalletClient } from "@/lib/wallet/client";

export class UnknownStoreError extends Error {
  override name = "UnknownStoreError";
  constructor(storeId: string) {
    super(`No store has id ${storeId}.`);
  }
}

export class StoreCredentialsKeyMissingError extends Error {
  override name = "StoreCredentialsKeyMissingError";
  constructor() {
    super("This store has its own wallet connection, but no STORE_CREDENTIALS_KEY is configured to decrypt its token.");
  }
}

const clients = new Map<string, { ciphertext: string; baseUrl: string; timeoutMs: number; client: WalletClient }>();

/** The wallet client for a connection (pure of the database: tests give their own keyring and settings' client). */
export function walletForConnection(
  connection: StoreConnection,
  options: { keyring: CredentialKeyring | null; configured: () => WalletClient; timeoutMs: number; fetch?: typeof fetch },
): WalletClient {
  if (connection.walletBaseUrl === null || connection.walletTokenCiphertext === null || connection.walletTokenKeyId === null) {
    return options.configured();
  }
  const cached = clients.get(connection.id);
  if (
    cached &&
    cached.ciphertext === connection.walletTokenCiphertext &&
    cached.baseUrl === connection.walletBaseUrl &&
    cached.timeoutMs === options.timeoutMs
  ) {
    return cached.client;
  }
  if (!options.keyring) throw new StoreCredentialsKeyMissingError();
  const token = openCredential(
    options.keyring,
    { ciphertext: connection.walletTokenCiphertext, keyId: connection.walletTokenKeyId },
    connection.id,
  );
  const client = createWalletClient({
    baseUrl: connection.walletBaseUrl.replace(/\/+$/, ""),
    token,
    timeoutMs: options.timeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  clients.set(connection.id, {
    ciphertext: connection.walletTokenCiphertext,
    baseUrl: connection.walletBaseUrl,
    timeoutMs: options.timeoutMs,
    client,
  });
  return client;
}

/** A store's wallet by its id: what the cash-out approvals and the batch sender are given (tests give their own). */
export type WalletOfStore = (storeId: string) => Promise<WalletClient>;

/** walletForStore for one database and settings. */
export function storeWallets(db: Database, config: AppConfig): WalletOfStore {
  return (storeId) => walletForStore(db, storeId, config);
}

/** The wallet a store's transactions are made with, and whose callbacks are trusted for them. */
export async function walletForStore(db: Database, storeId: string, config: AppConfig = getConfig()): Promise<WalletClient> {
  const connection = await findStoreConnection(db, storeId);
  if (!connection) throw new UnknownStoreError(storeId);
  return walletOfStoreConnection(connection, config);
}

/** walletForStore for a connection already read (findStoreConnection): a money form's store check reads it once, for both. */
export function walletOfStoreConnection(connection: StoreConnection, config: AppConfig = getConfig()): WalletClient {
  if (connection.walletBaseUrl === null) return getWalletClient();
  return walletForConnection(connection, {
    keyring: configuredKeyring(config.storeCredentials),
    configured: getWalletClient,
    timeoutMs: config.wallet.timeoutMs,
    // A store's wallet address was chosen on a page: every call to it goes through the outbound guard.
    fetch: createGuardedFetch(walletConnectionOutboundPolicy(config)),
  });
}
