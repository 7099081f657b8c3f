// The scheduled alert job: under the job lease it checks the rules, opens new incidents (with their
// notification and deliveries) and sends what is due. The runtime starts one timer per process;
// the lease makes only one instance run at a time, and the incident keys make restarts harmless.
import { randomUUID } from "node:crypto";
import { sendDueDeliveries, type DeliverySettings } from "@/lib/alerts/deliver";
import { loadActiveChannels, openIncidents } from "@/lib/alerts/incidents";
import { runWithLease, startRepeatingJob } from "@/lib/alerts/job-lease";
import { checkRules, loadRuleSettings } from "@/lib/alerts/rules";
import type { Database } from "@/lib/db/client";

export const alertJobName = "alerts";
const jobLeaseMs = 5 * 60_000;

export type AlertJobOptions = DeliverySettings & { holder?: string };
export type AlertJobRun = { ran: boolean; opened: string[]; attempted: number };

/** One run: check, open, send. Returns ran: false when another instance holds the lease. */
export async function runAlertJob(db: Database, options: AlertJobOptions): Promise<AlertJobRun> {
  const now = options.now ?? (() => new Date());
  const outcome = await runWithLease(
    db,
    { name: alertJobName, holder: options.holder ?? `pid-${process.pid}-${randomUUID()}`, leaseMs: jobLeaseMs, now },
    async () => {
      const checkedAt = now();
      const settings = await loadRuleSettings(db);
      const { candidates } = await checkRules(db, settings, checkedAt);
      const opened = await openIncidents(db, candidates, await loadActiveChannels(db), checkedAt);
      const attempted = await sendDueDeliveries(db, options);
      return { opened, attempted };
    },
  );
  return outcome.ran ? { ran: true, ...outcome.result } : { ran: false, opened: [], attempted: 0 };
}

export type AlertScheduler = { stop: () => Promise<void> };

/** Runs the job every intervalMs (the first run soon after start); an error is logged and the next run retries. */
export function startAlertScheduler(
  db: Database,
  options: AlertJobOptions & { intervalMs: number; onError: (error: unknown) => void; onRoundFinished?: () => void },
): AlertScheduler {
  const holder = options.holder ?? `pid-${process.pid}-${randomUUID()}`;
  return startRepeatingJob(() => runAlertJob(db, { ...options, holder }).then(() => options.onRoundFinished?.()), {
    intervalMs: options.intervalMs,
    firstDelayMs: Math.min(options.intervalMs, 2_000),
    onError: options.onError,
  });
}
