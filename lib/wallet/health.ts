// Wallet check for the health endpoint: is the wallet up, speaking its API, and accepting our token?
// The endpoint is polled (load balancers, uptime checks) and must answer fast even while the
// callback receiver keeps the database busy, so its checks go through `createCachedCheck`.
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

export type CachedResult<T> = { value: T; checkedAt: number };
export type CachedCheckOptions = {
  /** A result younger than this is answered as is, without starting a check. */
  freshMs: number;
  /**
   * A result younger than this (but not fresh) is answered at once while one check refreshes it in
   * the background: a caller never waits behind a busy database or wallet for a recent answer.
   * Older (or no result yet): the caller waits for the check.
   */
  staleMs: number;
  now?: () => number;
};

/**
 * Wraps a check so that concurrent callers share one in-flight run and recent results are reused
 * (fresh, then stale-while-revalidate). A check that throws is not cached: the next caller retries.
 */
export function createCachedCheck<T>(check: () => Promise<T>, options: CachedCheckOptions): () => Promise<CachedResult<T>> {
  const now = options.now ?? Date.now;
  let last: CachedResult<T> | undefined;
  let inFlight: Promise<CachedResult<T>> | undefined;
  const refresh = () => {
    inFlight ??= check()
      .then((value) => {
        last = { value, checkedAt: now() };
        return last;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
  return () => {
    const age = last ? now() - last.checkedAt : Number.POSITIVE_INFINITY;
    if (last && age < options.freshMs) return Promise.resolve(last);
    if (last && age < options.staleMs) {
      // Errors of a background refresh are the next waiting caller's to see; never unhandled here.
      refresh().catch(() => {});
      return Promise.resolve(last);
    }
    return refresh();
  };
}

/** How long the health endpoint reuses a check: a few seconds fresh, then served while it refreshes. */
export const healthCheckFreshMs = 5_000;
export const healthCheckStaleMs = 20_000;

const globalForHealth = globalThis as unknown as { walletHealthCheck?: () => Promise<CachedResult<WalletReachability>> };

/** The process-wide cached wallet check the health endpoint uses (one wallet call per few seconds at most). */
export function cachedWalletReachability(): Promise<CachedResult<WalletReachability>> {
  globalForHealth.walletHealthCheck ??= createCachedCheck(() => checkWalletReachable(), {
    freshMs: healthCheckFreshMs,
    staleMs: healthCheckStaleMs,
  });
  return globalForHealth.walletHealthCheck();
}
