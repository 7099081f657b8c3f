// Runs once when the Next.js server process starts: validates settings, opens the database and
// applies migrations before the first request, and stops the process with a clear message if any
// of that fails.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // `next build` also loads this file to prerender; the database is for the running server only.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServerOrExit } = await import("./lib/server/start");
  await startServerOrExit(async (runtime) => {
    // The background workers use feature modules, so they start here, at the top, and not in
    // lib/server/runtime.ts, which every layer imports (docs/architecture.md, "Layers").
    const alerts = await import("./lib/alerts/alert-scheduler-host");
    const sender = await import("./lib/cash-out/batch-sender-host");
    const events = await import("./lib/events/event-worker-host");
    const summary = await import("./lib/daily-summary/daily-summary-host");
    const retention = await import("./lib/personal-data/retention-host");
    // Alert checks and deliveries (lib/alerts): one run at a time across instances, by a database lease.
    alerts.startAlertSchedulerOnce(runtime);
    // Sends the rows of approved payout batches (claims with row locks; resumes after a restart).
    sender.startPayoutBatchSender(runtime);
    // Delivers the merchant's events (lib/events): claims with row locks and leases, retries over ~3 days.
    events.startEventDeliveryWorker(runtime);
    // Yesterday's summary by e-mail at the chosen time: every instance checks, one claim row sends.
    summary.startDailySummaryOnce(runtime);
    // Anonymises personal data past PERSONAL_DATA_RETENTION_DAYS: one run at a time across instances, by a lease.
    retention.startRetentionSchedulerOnce(runtime);
    // On SIGTERM each finishes its current item and releases its lease (lib/observability/shutdown.ts).
    return async () => {
      await Promise.all([
        alerts.stopAlertScheduler(),
        sender.stopPayoutBatchSender(),
        events.stopEventDeliveryWorker(),
        summary.stopDailySummary(),
        retention.stopRetentionScheduler(),
      ]);
    };
  });
}
