// Dashboard-side glue for the daily summary: one timer per process (kept on globalThis so a
// dev-server module reload never starts a second), checking once a minute whether it is time. Every
// instance checks; the claim row makes only one send (lib/daily-summary/daily-summary.ts).
import "server-only";
import { randomUUID } from "node:crypto";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { runDailySummary } from "./daily-summary";

const checkEveryMs = 60_000;
type Host = { stop: () => Promise<void> };
const globalForSummary = globalThis as unknown as { walletDashboardDailySummary?: Host };

export function startDailySummaryOnce({ config, db }: { config: AppConfig; db: Database }): void {
  if (globalForSummary.walletDashboardDailySummary) return;
  const holder = `pid-${process.pid}-${randomUUID()}`;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = runDailySummary(db, {
      appUrl: config.appUrl,
      email: { smtpUrl: config.alerts.smtpUrl, from: config.alerts.emailFrom },
      taxUnit: config.wallet.taxUnit,
      holder,
    })
      .then((run) => {
        if (run.sent || run.reason === "failed") logger.info({ component: "daily-summary", ...run }, "daily summary");
      })
      .catch((error: unknown) => logger.error({ err: error, component: "daily-summary" }, "daily summary failed"));
  }, checkEveryMs);
  timer.unref?.();
  globalForSummary.walletDashboardDailySummary = {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

export async function stopDailySummary(): Promise<void> {
  await globalForSummary.walletDashboardDailySummary?.stop();
}
