// Dashboard-side glue for the alert job: one scheduler per process (kept on globalThis so a
// dev-server module reload never starts a second one), fed from the runtime's settings.
import "server-only";
import { startAlertScheduler, type AlertScheduler } from "@/lib/alerts/alert-job";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { recordJobRound } from "@/lib/observability/metrics";

const globalForAlerts = globalThis as unknown as { walletDashboardAlertScheduler?: AlertScheduler };

export function startAlertSchedulerOnce({ config, db }: { config: AppConfig; db: Database }): void {
  if (globalForAlerts.walletDashboardAlertScheduler) return;
  globalForAlerts.walletDashboardAlertScheduler = startAlertScheduler(db, {
    appUrl: config.appUrl,
    email: { smtpUrl: config.alerts.smtpUrl, from: config.alerts.emailFrom },
    retryBaseMs: config.alerts.retryBaseMs,
    intervalMs: config.alerts.checkIntervalMs,
    onError: (error) => logger.error({ err: error, component: "alerts" }, "alert job failed"),
    onRoundFinished: () => recordJobRound("alerts"),
  });
}

/** Shutdown: waits for the run in progress (its lease is released when it ends) and starts no other. */
export async function stopAlertScheduler(): Promise<void> {
  await globalForAlerts.walletDashboardAlertScheduler?.stop();
}
