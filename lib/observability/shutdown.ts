// Graceful shutdown on SIGTERM/SIGINT (docs/observability.md, "Shutdown"): readiness answers 503 at
// once, every answer from then on says `Connection: close` (its connection closes once it is sent,
// so kept-alive clients and proxies move on), and background jobs finish their current item; after
// the drain the listener closes and live streams end with a reconnect hint; the requests in flight
// (callbacks, wallet calls) are answered; once none has been in flight for a moment the last idle
// connections are closed, then the database (PGlite's lock is released), and the process exits —
// by force at the deadline.
import {
  closeConnectionsAfterTheirAnswers,
  closeRemainingConnections,
  requestsInFlight,
  stopAcceptingConnections,
  whenNoRequestInFlight,
} from "@/lib/observability/http-hooks";
import { closeLiveStreams, startDraining } from "@/lib/observability/lifecycle";
import { logger } from "@/lib/logger";

export type ShutdownSettings = {
  /** How long readiness answers 503 while new requests are still served, so the load balancer notices. */
  drainMs: number;
  /** From the signal to the exit at the latest, whatever is still running. */
  timeoutMs: number;
};

export type ShutdownSteps = {
  /** Stops the background jobs (each finishes its current item and releases its lease). */
  stopBackgroundJobs: () => Promise<void>;
  /** Closes the database (PGlite: flushes and releases the data directory's lock). */
  closeDatabase: () => Promise<void>;
};

const globalForShutdown = globalThis as unknown as { walletDashboardShutdownInstalled?: boolean };
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * After the listener closed, no request in flight for this long means no client is still using a
 * connection it opened before: the idle ones left can be closed without cutting a request short.
 */
const quietMs = 500;
/** The database is closed this long before the deadline at the latest, so it is closed (flushed) before the forced exit. */
const closeDatabaseBeforeDeadlineMs = 1_500;

/** Resolves once no request has been in flight for `quietMs` (a request arriving meanwhile restarts the wait). */
async function whenQuiet(): Promise<void> {
  for (;;) {
    await whenNoRequestInFlight();
    await sleep(quietMs);
    if (requestsInFlight() === 0) return;
  }
}

export async function shutDownGracefully(signal: string, settings: ShutdownSettings, steps: ShutdownSteps): Promise<void> {
  const startedAt = Date.now();
  const log = logger.child({ component: "shutdown" });
  startDraining();
  closeConnectionsAfterTheirAnswers();
  log.info({ signal, drainMs: settings.drainMs, timeoutMs: settings.timeoutMs }, "shutting down: readiness now answers 503");
  const jobsStopped = steps
    .stopBackgroundJobs()
    .catch((error: unknown) => log.error({ err: error }, "a background job did not stop cleanly"));
  await sleep(settings.drainMs);
  stopAcceptingConnections();
  const streams = closeLiveStreams();
  log.info({ liveStreamsClosed: streams, requestsInFlight: requestsInFlight() }, "shutting down: no longer accepting connections");
  // The database stays open while any request may still need it; at the deadline it closes anyway.
  const closeAt = startedAt + settings.timeoutMs - closeDatabaseBeforeDeadlineMs;
  let deadlineTimer: NodeJS.Timeout | undefined;
  const finished = await Promise.race([
    Promise.all([whenQuiet(), jobsStopped]).then(() => true),
    new Promise<false>((resolve) => {
      deadlineTimer = setTimeout(() => resolve(false), Math.max(0, closeAt - Date.now()));
    }),
  ]);
  clearTimeout(deadlineTimer);
  if (!finished) log.warn({ requestsInFlight: requestsInFlight() }, "shutting down: closing the database with work still in flight");
  closeRemainingConnections();
  await steps.closeDatabase();
  log.info("shutdown complete");
}

/**
 * Installs the handlers (production server only). Next's own handler closes the listener at once and
 * then waits for every connection — open event streams never end, so the process never exited —
 * and it is registered before instrumentation runs: it is replaced by this one.
 */
export function installGracefulShutdown(settings: ShutdownSettings, steps: ShutdownSteps): void {
  if (globalForShutdown.walletDashboardShutdownInstalled) return;
  globalForShutdown.walletDashboardShutdownInstalled = true;
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    // A Ctrl-C in a shell reaches every process of the group, and npm forwards it once more: a
    // repeated signal is not a "hurry up". The deadline bounds the wait anyway.
    if (started) return;
    started = true;
    const deadline = setTimeout(() => {
      logger.error({ timeoutMs: settings.timeoutMs, requestsInFlight: requestsInFlight() }, "shutdown took too long: exiting now");
      process.exit(1);
    }, settings.timeoutMs);
    deadline.unref();
    shutDownGracefully(signal, settings, steps).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    for (const listener of process.listeners(signal)) process.off(signal, listener);
    process.on(signal, onSignal);
  }
}
