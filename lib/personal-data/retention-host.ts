// Dashboard-side glue for the retention job: one scheduler per process (kept on globalThis so a
// dev-server module reload never starts a second one), fed from the runtime's settings.
import "server-only";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { recordJobRound } from "@/lib/observability/metrics";
import { type RetentionScheduler, startRetentionScheduler } from "@/lib/personal-data/retention-job";

const globalForRetention = globalThis as unknown as { walletDashboardRetentionScheduler?: RetentionScheduler };

export function startRetentionSchedulerOnce({ config, db }: { config: AppConfig; db: Database }): void {
  if (globalForRetention.walletDashboardRetentionScheduler) return;
  globalForRetention.walletDashboardRetentionScheduler = startRetentionScheduler(db, {
    retentionDays: config.personalData.retentionDays,
    intervalMs: config.personalData.retentionIntervalMs,
    onError: (error) => logger.error({ err: error, component: "personal-data-retention" }, "retention job failed"),
    onRoundFinished: (run) => {
      recordJobRound("personal_data_retention");
      if (run && run.transactions + run.unmatchedDeliveries + run.quarantined + run.requestItems > 0) {
        logger.info({ component: "personal-data-retention", ...run }, "anonymised personal data past the retention period");
      }
    },
  });
}

/** Shutdown: waits for the run in progress (its lease is released when it ends) and starts no other. */
export async function stopRetentionScheduler(): Promise<void> {
  await globalForRetention.walletDashboardRetentionScheduler?.stop();
  globalForRetention.walletDashboardRetentionScheduler = undefined;
}
