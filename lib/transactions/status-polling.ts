// How often pages ask for a pending transaction's status: quickly at first, then backing off,
// and never again once the status is final.
import { finalWalletStatuses, type WalletStatus } from "@/lib/transactions/statuses";

export const firstPollDelayMs = 2_000;
export const maxPollDelayMs = 10_000;

export function nextPollDelay(previousDelayMs: number | undefined): number {
  if (previousDelayMs === undefined) return firstPollDelayMs;
  return Math.min(maxPollDelayMs, Math.round(previousDelayMs * 1.5));
}

export function isFinalStatus(status: string | null | undefined): boolean {
  return finalWalletStatuses.includes(status as WalletStatus);
}
