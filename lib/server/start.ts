import "server-only";
import { getRuntime, type Runtime } from "@/lib/server/runtime";

/** Starts the runtime, then what the caller starts on it (the background workers); exits on failure. */
export async function startServerOrExit(startOnRuntime: (runtime: Runtime) => Promise<void>) {
  try {
    await startOnRuntime(await getRuntime());
  } catch (error) {
    // Printed plainly (not as JSON) because this is what a person starting the server reads.
    console.error(`\nWallet Dashboard cannot start:\n${(error as Error).message}\n`);
    process.exit(1);
  }
}
