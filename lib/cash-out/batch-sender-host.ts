// Starts the payout batch sender for this process (see lib/cash-out/batch-sender.ts).
import "server-only";
import { startBatchSender, type BatchSender } from "@/lib/cash-out/batch-sender";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { storeWallets } from "@/lib/stores/wallet-for-store";

const globalForSender = globalThis as unknown as { walletDashboardBatchSender?: BatchSender };

export function startPayoutBatchSender({ config, db }: { config: AppConfig; db: Database }): void {
  globalForSender.walletDashboardBatchSender ??= startBatchSender({ db, config, walletOf: storeWallets(db, config) });
}

/** Shutdown: waits for the row being sent (its claim is committed with it) and claims no other. */
export async function stopPayoutBatchSender(): Promise<void> {
  await globalForSender.walletDashboardBatchSender?.stop();
}

/** Asks the sender to look for rows now (after an approval) instead of at its next poll. */
export function wakePayoutBatchSender(): void {
  globalForSender.walletDashboardBatchSender?.wake();
}
