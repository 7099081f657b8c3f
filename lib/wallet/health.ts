// Wallet check for the health endpoint: is the wallet up, speaking its API, and accepting our token?
import "server-only";
import { getWalletClient, type WalletClient, type WalletReachability } from "@/lib/wallet/client";

export type { WalletReachability };

/**
 * Reads a callback log with a random id (see WalletClient.checkReachable): the wallet's "not found"
 * envelope means healthy; a 401 means reachable but the token is wrong; anything else means down.
 */
export function checkWalletReachable(client: WalletClient = getWalletClient()): Promise<WalletReachability> {
  return client.checkReachable();
}
