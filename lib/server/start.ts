// Start-up of the Next.js server process (called by instrumentation.ts): request ids and request
// tracking on the HTTP server, the runtime (settings, database, migrations, background jobs), and
// in production the graceful shutdown on SIGTERM/SIGINT. A failure stops the process with a message.
import "server-only";
import { installHttpHooks } from "@/lib/observability/http-hooks";
import { installGracefulShutdown } from "@/lib/observability/shutdown";
import { getRuntime, runtimeShutdownSteps } from "@/lib/server/runtime";

export async function startServerOrExit() {
  installHttpHooks();
  try {
    const runtime = await getRuntime();
    // `next dev` restarts and stops its own way; the graceful sequence is for the production server.
    if (process.env.NODE_ENV === "production") installGracefulShutdown(runtime.config.shutdown, runtimeShutdownSteps(runtime));
  } catch (error) {
    // Printed plainly (not as JSON) because this is what a person starting the server reads.
    console.error(`\nWallet Dashboard cannot start:\n${(error as Error).message}\n`);
    process.exit(1);
  }
}
