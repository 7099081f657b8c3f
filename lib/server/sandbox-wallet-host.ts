// Placeholder until the sandbox wallet lands (issue 3): nothing to start yet.
import "server-only";
import type { Runtime } from "@/lib/server/runtime";

export async function startEmbeddedSandboxWallet(_runtime: Runtime): Promise<void> {}
