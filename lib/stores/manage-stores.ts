// Creating a store and changing its wallet connection (issue #49), for the admin page's actions.
// A connection is saved only once it has answered a harmless wallet call (checkReachable: a read of
// a callback log that cannot exist, which creates nothing) with the token accepted; its base URL
// must pass the outbound guard first (the embedded sandbox's own URL is allowed:
// walletConnectionOutboundPolicy), and the call itself goes through the guard. The token is sealed
// for the store's id (lib/stores/credential-cipher.ts) and only its last 4 characters are kept clear.
import "server-only";
import { randomUUID } from "node:crypto";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { findStoreSummary, insertStore, replaceStoreConnection } from "@/lib/db/queries/stores";
import { assertOutboundUrlAllowed, createGuardedFetch, type OutboundPolicy, OutboundUrlRefusedError } from "@/lib/net/outbound-guard";
import { walletConnectionOutboundPolicy } from "@/lib/net/outbound-fetch";
import { type CredentialKeyring, sealCredential, tokenLast4 } from "@/lib/stores/credential-cipher";
import { createWalletClient } from "@/lib/wallet/client";

/**
 * What the check on save found: `ok` (the wallet API's own 404 envelope for a callback log that
 * cannot exist: it answered and accepted the token); `unreachable` (no answer: wrong address,
 * refused connection, host not found); `token_refused` (the wallet answered 401 or 403);
 * `unexpected_answer` (something answered, but not as the wallet API: a 404 page, JSON outside the
 * envelope, another refusal than "not found"); `unknown` (a server error, no answer in time: says neither).
 */
export type ConnectionCheckOutcome = "ok" | "unreachable" | "token_refused" | "unexpected_answer" | "unknown";

/** The harmless call, through the guard: how the connection answers now. */
export async function checkWalletConnection(
  connection: { baseUrl: string; token: string },
  options: { policy: OutboundPolicy; timeoutMs: number },
): Promise<ConnectionCheckOutcome> {
  const client = createWalletClient({
    baseUrl: connection.baseUrl,
    token: connection.token,
    timeoutMs: options.timeoutMs,
    fetch: createGuardedFetch(options.policy),
  });
  const answer = await client.checkReachable();
  if (answer.ok) return "ok";
  if (answer.kind === "unauthorized") return "token_refused";
  if (answer.kind === "unreachable") return "unreachable";
  if (answer.kind === "invalid_response" || answer.kind === "rejected" || answer.kind === "not_found") return "unexpected_answer";
  return "unknown";
}

export type StoreDetails = { name: string; holderDocument: string; payerFacingName: string; timeZoneName: string };
export type NewConnection = { baseUrl: string; token: string };

export type ConnectionRefusal =
  /** The base URL is refused by the outbound guard (the error says why). */
  | { refused: "outbound_url"; error: OutboundUrlRefusedError }
  /** No STORE_CREDENTIALS_KEY: a token cannot be kept encrypted, so none is saved. */
  | { refused: "credentials_key_missing" }
  | { refused: "check"; outcome: Exclude<ConnectionCheckOutcome, "ok"> };

export type StoreContext = {
  db: Database;
  config: Pick<AppConfig, "appUrl" | "outbound" | "sandboxWallet" | "wallet">;
  keyring: CredentialKeyring | null;
};

/** Checks a connection and seals its token for `storeId`; a refusal says why, and nothing is saved. */
async function prepareConnection(
  context: StoreContext,
  storeId: string,
  connection: NewConnection,
): Promise<
  ConnectionRefusal | { walletBaseUrl: string; walletTokenCiphertext: string; walletTokenKeyId: string; walletTokenLast4: string }
> {
  if (!context.keyring) return { refused: "credentials_key_missing" };
  const policy = walletConnectionOutboundPolicy(context.config);
  try {
    // The URL the client calls: the trusted sandbox prefix is {APP_URL}/sandbox/, not any path starting with it.
    await assertOutboundUrlAllowed(`${connection.baseUrl}/api/v1/`, policy);
  } catch (error) {
    if (error instanceof OutboundUrlRefusedError) return { refused: "outbound_url", error };
    throw error;
  }
  const outcome = await checkWalletConnection(connection, { policy, timeoutMs: context.config.wallet.timeoutMs });
  if (outcome !== "ok") return { refused: "check", outcome };
  const sealed = sealCredential(context.keyring, connection.token, storeId);
  return {
    walletBaseUrl: connection.baseUrl,
    walletTokenCiphertext: sealed.ciphertext,
    walletTokenKeyId: sealed.keyId,
    walletTokenLast4: tokenLast4(connection.token),
  };
}

/** Creates a store; with a connection, only once it is checked. */
export async function createStore(
  context: StoreContext,
  details: StoreDetails,
  connection: NewConnection | null,
): Promise<{ created: true; id: string } | ({ created: false } & ConnectionRefusal)> {
  const id = randomUUID();
  if (!connection) {
    await insertStore(context.db, { id, ...details });
    return { created: true, id };
  }
  const prepared = await prepareConnection(context, id, connection);
  if ("refused" in prepared) return { created: false, ...prepared };
  await insertStore(context.db, { id, ...details, ...prepared });
  return { created: true, id };
}

/** Replaces a store's connection once the new one is checked. */
export async function changeStoreConnection(
  context: StoreContext,
  storeId: string,
  connection: NewConnection,
): Promise<{ changed: true } | { changed: false; refused: "unknown_store" } | ({ changed: false } & ConnectionRefusal)> {
  if (!(await findStoreSummary(context.db, storeId))) return { changed: false, refused: "unknown_store" };
  const prepared = await prepareConnection(context, storeId, connection);
  if ("refused" in prepared) return { changed: false, ...prepared };
  return (await replaceStoreConnection(context.db, storeId, prepared)) ? { changed: true } : { changed: false, refused: "unknown_store" };
}
