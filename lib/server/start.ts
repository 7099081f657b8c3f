// Start-up of the Next.js server process (called by instrumentation.ts): request ids and request
// tracking on the HTTP server, the runtime (settings, database, migrations, background jobs), and
// in production the graceful shutdown on SIGTERM/SIGINT. A failure stops the process with a message.
import "server-only";
import { installHttpHooks } from "@/lib/observability/http-hooks";
import { getConfig } from "@/lib/config";
import { installGracefulShutdown, shutDownGracefully } from "@/lib/observability/shutdown";
import { startTracing, stopTracing } from "@/lib/observability/tracing";
import { getRuntime, type Runtime, runtimeShutdownSteps } from "@/lib/server/runtime";

/** What the caller started on the runtime (the background workers), and how to stop it. */
export type StopWorkers = () => Promise<void>;

/**
 * Starts the runtime, then what the caller starts on it (the background workers, which use
 * feature modules and so are started from instrumentation.ts); exits on failure.
 */
/** What deploy/server-preload.cjs (the image's preload) and this start tell each other, on globalThis. */
const startFlags = globalThis as {
  walletDashboardServerStarting?: boolean;
  walletDashboardServerStarted?: boolean;
  walletDashboardStopRequested?: NodeJS.Signals;
};

export async function startServerOrExit(startOnRuntime: (runtime: Runtime) => Promise<StopWorkers>) {
  installHttpHooks();
  startFlags.walletDashboardServerStarting = true;
  try {
    // Traces first (off without OTEL_EXPORTER_OTLP_ENDPOINT), so the start's own work is in them.
    await startTracing({ endpoint: getConfig().tracing.endpoint, serviceName: getConfig().tracing.serviceName });
    const runtime = await getRuntime();
    const stopWorkers = await startOnRuntime(runtime);
    const runtimeSteps = runtimeShutdownSteps(runtime, stopWorkers);
    // The spans still buffered leave last, once the database has closed.
    const steps = {
      ...runtimeSteps,
      closeDatabase: async () => {
        await runtimeSteps.closeDatabase();
        await stopTracing();
      },
    };
    // `next dev` restarts and stops its own way; the graceful sequence is for the production server.
    if (process.env.NODE_ENV === "production") installGracefulShutdown(runtime.config.shutdown, steps);
    // Readiness is now the ready route's to answer, and a SIGTERM the graceful shutdown's.
    startFlags.walletDashboardServerStarted = true;
    const stopRequested = startFlags.walletDashboardStopRequested;
    if (stopRequested) {
      // Asked to stop while starting (the preload noted it): readiness never said 200, so nothing
      // was sent here to drain; stop the workers, close the database, exit cleanly.
      await shutDownGracefully(stopRequested, { ...runtime.config.shutdown, drainMs: 0 }, steps);
      process.exit(0);
    }
  } catch (error) {
    // Printed plainly (not as JSON) because this is what a person starting the server reads.
    console.error(`\nWallet Dashboard cannot start:\n${(error as Error).message}\n`);
    process.exit(1);
  }
}
