// Dashboard-side glue for the embedded sandbox wallet: applies its migrations, binds one wallet to
// the runtime's database and the configured token, and runs its delivery worker once per process.
// The runtime (lib/server/runtime.ts) owns it and hands it what it needs.
import "server-only";
import path from "node:path";
import { callbackReceiverPathPrefix } from "@/lib/vocabulary/callback-url";
import type { AppConfig } from "@/lib/config";
import type { Database, DatabaseConnection } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { createSandboxWallet, parseSandboxWalletSettings, sandboxWalletMigrations, type SandboxWallet } from "@/lib/sandbox-wallet";

/** The prefix the wallet is served under (app/sandbox/[...path]/route.ts); config.wallet.baseUrl defaults to it. */
const sandboxWalletMountPath = "/sandbox";

/** What the host needs from the runtime: the settings, and the database (the connection applies its migrations). */
export type SandboxWalletHostInput = { config: AppConfig; connection: DatabaseConnection; db: Database };

// Kept on globalThis so a dev-server module reload never starts a second worker in the same process.
const globalForSandbox = globalThis as unknown as {
  embeddedSandboxWallet?: Promise<SandboxWallet>;
  stopSandboxDeliveryWorker?: () => Promise<void>;
};

async function start({ config, connection, db }: SandboxWalletHostInput): Promise<SandboxWallet> {
  await connection.migrate(
    path.join(/* turbopackIgnore: true */ process.cwd(), sandboxWalletMigrations.directory),
    sandboxWalletMigrations.table,
  );
  const wallet = createSandboxWallet({
    db,
    token: config.sandboxWallet.token,
    settings: parseSandboxWalletSettings(process.env),
    mountPath: sandboxWalletMountPath,
    // The dashboard's own receiver is always reachable; anything else internal only with OUTBOUND_ALLOW_PRIVATE_ADDRESSES.
    outboundPolicy: {
      allowPrivateAddresses: config.outbound.allowPrivateAddresses,
      trustedUrlPrefixes: [`${config.appUrl}${callbackReceiverPathPrefix}`],
    },
    logger: logger.child({ component: "sandbox-wallet" }),
  });
  globalForSandbox.stopSandboxDeliveryWorker = wallet.startDeliveryWorker();
  return wallet;
}

/** Called by the runtime when the sandbox wallet is enabled; safe to call more than once. */
export async function startEmbeddedSandboxWallet(input: SandboxWalletHostInput): Promise<SandboxWallet> {
  globalForSandbox.embeddedSandboxWallet ??= start(input).catch((error: unknown) => {
    globalForSandbox.embeddedSandboxWallet = undefined;
    throw error;
  });
  return globalForSandbox.embeddedSandboxWallet;
}

/** Shutdown: the delivery worker finishes the attempts it holds (recording each, releasing its claim) and claims no more. */
export async function stopEmbeddedSandboxDeliveryWorker(): Promise<void> {
  await globalForSandbox.stopSandboxDeliveryWorker?.();
}
