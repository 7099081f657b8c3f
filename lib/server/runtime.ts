// The process-wide runtime: configuration, the database connection with migrations applied, and
// the embedded sandbox wallet. Started once per process (instrumentation.ts calls it at boot so a bad
// setting stops the server immediately); every server module gets the database from here. The
// background workers that use feature modules (alerts, the batch sender) are started by
// instrumentation.ts, above every layer, not here: this module sits under the features.
import "server-only";
import path from "node:path";
import { getConfig, type AppConfig } from "@/lib/config";
import { driverOf, openDatabase, type Database, type DatabaseConnection } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import type { ShutdownSteps } from "@/lib/observability/shutdown";
import type { SandboxWallet } from "@/lib/sandbox-wallet";

export type Runtime = { config: AppConfig; connection: DatabaseConnection; db: Database };

const globalForRuntime = globalThis as unknown as {
  walletDashboardRuntime?: Promise<Runtime>;
  walletDashboardEmbeddedMaintenance?: { stop: () => Promise<void> };
};

async function startRuntime(): Promise<Runtime> {
  const config = getConfig();
  const connection = await openDatabase(config.database);
  await connection.migrate(path.join(/* turbopackIgnore: true */ process.cwd(), "lib/db/migrations"), "__drizzle_migrations");
  const runtime: Runtime = { config, connection, db: connection.db };
  const driver = driverOf(connection.db);
  if (driver.kind === "pglite" && config.database.kind === "pglite") {
    // `npm run backup` asks this process for a snapshot (lib/db/pglite-backup.ts); in memory: nothing to back up.
    const { startBackupSocket } = await import("@/lib/db/pglite-backup");
    if (!/^(:memory:|memory:\/\/)/.test(config.database.dataDir)) await startBackupSocket(driver.client, config.database.dataDir, logger);
  }
  if (driver.kind === "pglite") {
    // PGlite has no autovacuum: this process vacuums and analyses its tables (lib/db/embedded-maintenance.ts).
    const { startEmbeddedMaintenance } = await import("@/lib/db/embedded-maintenance");
    globalForRuntime.walletDashboardEmbeddedMaintenance ??= startEmbeddedMaintenance(connection.db, logger);
  }
  if (config.sandboxWallet.enabled) {
    // The embedded sandbox wallet: its own tables and migrations, and its callback delivery worker.
    await (await import("@/lib/server/sandbox-wallet-host")).startEmbeddedSandboxWallet(runtime);
  }
  logger.info(
    { database: connection.kind, walletIsSandbox: config.wallet.isSandbox, sandboxWalletEnabled: config.sandboxWallet.enabled },
    "runtime started",
  );
  return runtime;
}

export function getRuntime(): Promise<Runtime> {
  globalForRuntime.walletDashboardRuntime ??= startRuntime().catch((error) => {
    globalForRuntime.walletDashboardRuntime = undefined;
    throw error;
  });
  return globalForRuntime.walletDashboardRuntime;
}

export async function getDb(): Promise<Database> {
  return (await getRuntime()).db;
}

/** The running embedded wallet, or undefined when this server does not host one (it talks to another wallet). */
export async function getEmbeddedSandboxWallet(): Promise<SandboxWallet | undefined> {
  const runtime = await getRuntime();
  if (!runtime.config.sandboxWallet.enabled) return undefined;
  return (await import("@/lib/server/sandbox-wallet-host")).startEmbeddedSandboxWallet(runtime);
}

/**
 * What the graceful shutdown (lib/observability/shutdown.ts) stops in this process: the background
 * jobs (each finishes its current item), then — once no request is in flight — the live-event
 * listener and the database (PGlite: closed cleanly, its directory's lock released).
 */
export function runtimeShutdownSteps(runtime: Runtime, stopWorkers: () => Promise<void>): ShutdownSteps {
  return {
    // The alert job and the batch sender (started by instrumentation.ts) and the sandbox's deliveries.
    stopBackgroundJobs: async () => {
      const sandbox = await import("@/lib/server/sandbox-wallet-host");
      await Promise.all([stopWorkers(), sandbox.stopEmbeddedSandboxDeliveryWorker()]);
    },
    closeDatabase: async () => {
      await (await import("@/lib/live/live-events")).stopLiveEvents();
      await globalForRuntime.walletDashboardEmbeddedMaintenance?.stop();
      await runtime.connection.close();
    },
  };
}

/** Tests (and scripts) that open their own database install it here instead of starting one. */
export function installRuntime(runtime: Runtime): void {
  globalForRuntime.walletDashboardRuntime = Promise.resolve(runtime);
}
