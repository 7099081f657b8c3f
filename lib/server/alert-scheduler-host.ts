// Dashboard-side glue for the alert job: one scheduler per process (kept on globalThis so a
// dev-server module reload never starts a second one), fed from the runtime's settings.
import "server-only";
import { startAlertScheduler, type AlertScheduler } from "@/lib/alerts/alert-job";
import { logger } from "@/lib/logger";
import type { Runtime } from "@/lib/server/runtime";

const globalForAlerts = globalThis as unknown as { walletDashboardAlertScheduler?: AlertScheduler };

export function startAlertSchedulerOnce(runtime: Runtime): void {
  if (globalForAlerts.walletDashboardAlertScheduler) return;
  const { config, db } = runtime;
  globalForAlerts.walletDashboardAlertScheduler = startAlertScheduler(db, {
    appUrl: config.appUrl,
    email: { smtpUrl: config.alerts.smtpUrl, from: config.alerts.emailFrom },
    retryBaseMs: config.alerts.retryBaseMs,
    intervalMs: config.alerts.checkIntervalMs,
    onError: (error) => logger.error({ err: error, component: "alerts" }, "alert job failed"),
  });
}

export async function stopAlertScheduler(): Promise<void> {
  const scheduler = globalForAlerts.walletDashboardAlertScheduler;
  globalForAlerts.walletDashboardAlertScheduler = undefined;
  await scheduler?.stop();
}
