// How often pages ask for a pending transaction's status, and never again once it is final.
// - A live status (a badge fed by server-sent events, polled only while the stream is down) polls
//   on a short, bounded schedule: a status is one small JSON read, and a settlement must show
//   within about a second of the callback (the sandbox settles a cash-out in 3 s; a backoff up to
//   10 s showed it ~10 s late).
// - A heavier read (a page's worth of rows, a transaction's callback timeline) backs off further.
import { finalWalletStatuses, type WalletStatus } from "@/lib/vocabulary/transaction-statuses";

export const firstPollDelayMs = 2_000;
export const maxPollDelayMs = 10_000;

export function nextPollDelay(previousDelayMs: number | undefined): number {
  if (previousDelayMs === undefined) return firstPollDelayMs;
  return Math.min(maxPollDelayMs, Math.round(previousDelayMs * 1.5));
}

/** The delay before the poll after `polls` polls on nextPollDelay's schedule (a query's refetchInterval). */
export function pollDelayAfter(polls: number): number {
  let delay = nextPollDelay(undefined);
  for (let poll = 0; poll < polls && delay < maxPollDelayMs; poll++) delay = nextPollDelay(delay);
  return delay;
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
