// Integration and unit lanes run their files one after another in a reused worker (vitest.config.ts:
// `isolate: false`), which spares each file re-importing the app and its libraries (measured on the
// PGlite lane: import time 205 → 38 s, CPU 502 → 233 CPU-s). What a file must still get fresh, as
// in a new process: the app's modules (module-level caches such as the parsed configuration), and
// the process-wide singletons the server keeps on globalThis that bind to one runtime (its
// database, its auth instance, its cached checks). Libraries in node_modules stay loaded.
// Loops an earlier file left running on its (now closed) database are stopped first: in a process
// of their own they ended with it.
import { vi } from "vitest";

type Stoppable = { stop?: (() => Promise<void>) | null };

const globals = globalThis as Record<string, unknown>;

/** Waits for a leftover loop to stop, but not for a round stuck on a database that is gone. */
async function stopLeftover(stop: (() => Promise<void>) | undefined): Promise<void> {
  if (!stop) return;
  await Promise.race([stop().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
}

/** Background loops the server keeps on globalThis, each with a stop(). */
const loopHolders = [
  "walletLiveHub",
  "walletDashboardAlertScheduler",
  "walletDashboardEventWorker",
  "walletDashboardBatchSender",
  "walletDashboardRetentionScheduler",
  "walletDashboardDailySummary",
];
/** Caches and handles that bind to one runtime (its database, its config). */
const runtimeBound = ["walletDashboardRuntime", "walletDashboardAuth", "walletHealthCheck", "databaseHealthCheck", "embeddedSandboxWallet"];

await stopLeftover(globals.stopSandboxDeliveryWorker as (() => Promise<void>) | undefined);
for (const holder of loopHolders) {
  const leftover = globals[holder] as Stoppable | undefined;
  if (leftover?.stop) await stopLeftover(() => leftover.stop!());
}
for (const name of [...runtimeBound, "stopSandboxDeliveryWorker", ...loopHolders]) delete globals[name];

vi.resetModules();
