import "server-only";
import { getRuntime } from "@/lib/server/runtime";

export async function startServerOrExit() {
  try {
    await getRuntime();
  } catch (error) {
    // Printed plainly (not as JSON) because this is what a person starting the server reads.
    console.error(`\nWallet Dashboard cannot start:\n${(error as Error).message}\n`);
    process.exit(1);
  }
}
