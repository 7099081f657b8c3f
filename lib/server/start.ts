// Start-up of the Next.js server process (called by instrumentation.ts): request ids and request
// tracking on the HTTP server, the runtime (settings, database, migrations, background jobs), and
// in production the graceful shutdown on SIGTERM/SIGINT. A failure stops the process with a message.
import "server-only";
import { installHttpHooks } from "@/lib/observability/http-hooks";
import { installGracefulShutdown } from "@/lib/observability/shutdown";
import { getRuntime, type Runtime, runtimeShutdownSteps } from "@/lib/server/runtime";

/** What the caller started on the runtime (the background workers), and how to stop it. */
export type StopWorkers = () => Promise<void>;

/**
 * Starts the runtime, then what the caller starts on it (the background workers, which use
 * feature modules and so are started from instrumentation.ts); exits on failure.
 */
export async function startServerOrExit(startOnRuntime: (runtime: Runtime) => Promise<StopWorkers>) {
  installHttpHooks();
  try {
    const runtime = await getRuntime();
    const stopWorkers = await startOnRuntime(runtime);
    // `next dev` restarts and stops its own way; the graceful sequence is for the production server.
    if (process.env.NODE_ENV === "production") installGracefulShutdown(runtime.config.shutdown, runtimeShutdownSteps(runtime, stopWorkers));
  } catch (error) {
    // Printed plainly (not as JSON) because this is what a person starting the server reads.
    console.error(`\nWallet Dashboard cannot start:\n${(error as Error).message}\n`);
    process.exit(1);
  }
}
