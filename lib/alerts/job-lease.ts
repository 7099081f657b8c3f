// Runs a scheduled job on one instance at a time: the job's row in scheduled_job_leases is taken
// with a conditional update (only when free or expired), so it works the same on PGlite and on
// PostgreSQL with several instances, and a crashed holder's lease simply expires.
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { scheduledJobLeases } from "@/lib/db/schema";

export type LeaseOutcome<T> = { ran: true; result: T } | { ran: false };

export async function runWithLease<T>(
  db: Database,
  job: { name: string; holder: string; leaseMs: number; now?: () => Date },
  work: () => Promise<T>,
): Promise<LeaseOutcome<T>> {
  const now = job.now ?? (() => new Date());
  const startedAt = now();
  await db.insert(scheduledJobLeases).values({ name: job.name }).onConflictDoNothing();
  const [taken] = await db
    .update(scheduledJobLeases)
    .set({ holder: job.holder, leaseUntil: new Date(startedAt.getTime() + job.leaseMs), lastStartedAt: startedAt })
    .where(
      and(eq(scheduledJobLeases.name, job.name), or(isNull(scheduledJobLeases.leaseUntil), lt(scheduledJobLeases.leaseUntil, startedAt))),
    )
    .returning({ name: scheduledJobLeases.name });
  if (!taken) return { ran: false };
  let lastError: string | null = null;
  try {
    return { ran: true, result: await work() };
  } catch (error) {
    lastError = (error as Error).message ?? "failed";
    throw error;
  } finally {
    // Released only by its holder: if the work overran its lease and another instance took it, that
    // instance's lease stands.
    await db
      .update(scheduledJobLeases)
      .set({ leaseUntil: null, holder: null, lastFinishedAt: now(), lastError })
      .where(and(eq(scheduledJobLeases.name, job.name), eq(scheduledJobLeases.holder, job.holder)));
  }
}

/** A job started by startRepeatingJob: stop() cancels the next run and waits for the one in progress. */
export type RepeatingJob = { stop: () => Promise<void> };

/**
 * Runs `round` every `intervalMs`, the first after `firstDelayMs`. Each round schedules the next when
 * it ends, so rounds in one process never overlap; an error goes to `onError` and the next round
 * retries. The lease (runWithLease, inside `round`) keeps instances from running it at once.
 */
export function startRepeatingJob(
  round: () => Promise<unknown>,
  options: { intervalMs: number; firstDelayMs: number; onError: (error: unknown) => void },
): RepeatingJob {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round()
        .catch(options.onError)
        .finally(() => schedule(options.intervalMs));
    }, delayMs);
    timer.unref?.();
  };
  schedule(options.firstDelayMs);
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
