// How often pages ask for a pending transaction's status, and never again once it is final.
// - A live status (a badge fed by server-sent events, polled only while the stream is down) polls
//   on a short, bounded schedule: a status is one small JSON read, and a settlement must show
//   within about a second of the callback (the sandbox settles a cash-out in 3 s; a backoff up to
//   10 s showed it ~10 s late).
// - A whole-page refresh (AutoRefresh, the ledger's batch poll) is heavier, so it backs off further.
import { finalWalletStatuses, type WalletStatus } from "@/lib/vocabulary/transaction-statuses";

export const firstPollDelayMs = 2_000;
export const maxPollDelayMs = 10_000;

export function nextPollDelay(previousDelayMs: number | undefined): number {
  if (previousDelayMs === undefined) return firstPollDelayMs;
  return Math.min(maxPollDelayMs, Math.round(previousDelayMs * 1.5));
}

export const firstLivePollDelayMs = 500;
export const maxLivePollDelayMs = 1_000;

/** The live status's polling schedule: 500 ms, then every second (never longer). */
export function nextLivePollDelay(previousDelayMs: number | undefined): number {
  if (previousDelayMs === undefined) return firstLivePollDelayMs;
  return Math.min(maxLivePollDelayMs, previousDelayMs * 2);
}

export function isFinalStatus(status: string | null | undefined): boolean {
  return finalWalletStatuses.includes(status as WalletStatus);
}
