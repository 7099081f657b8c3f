// Dashboard-side glue for the embedded sandbox wallet: applies its migrations, binds one wallet to
// the runtime's database and the configured token, and runs its delivery worker once per process.
import "server-only";
import path from "node:path";
import { callbackReceiverPathPrefix } from "@/lib/callbacks/callback-url";
import { logger } from "@/lib/logger";
import { createSandboxWallet, parseSandboxWalletSettings, sandboxWalletMigrations, type SandboxWallet } from "@/lib/sandbox-wallet";
import { getRuntime, type Runtime } from "@/lib/server/runtime";

/** The prefix the wallet is served under (app/sandbox/[...path]/route.ts); config.wallet.baseUrl defaults to it. */
export const sandboxWalletMountPath = "/sandbox";

type EmbeddedSandboxWallet = { wallet: SandboxWallet; stopDeliveryWorker: () => Promise<void> };

// Kept on globalThis so a dev-server module reload never starts a second worker in the same process.
const globalForSandbox = globalThis as unknown as { embeddedSandboxWallet?: Promise<EmbeddedSandboxWallet> };

async function start(runtime: Runtime): Promise<EmbeddedSandboxWallet> {
  await runtime.connection.migrate(path.join(process.cwd(), sandboxWalletMigrations.directory), sandboxWalletMigrations.table);
  const wallet = createSandboxWallet({
    db: runtime.db,
    token: runtime.config.sandboxWallet.token,
    settings: parseSandboxWalletSettings(process.env),
    mountPath: sandboxWalletMountPath,
    // The dashboard's own receiver is always reachable; anything else internal only with OUTBOUND_ALLOW_PRIVATE_ADDRESSES.
    outboundPolicy: { allowPrivateAddresses: runtime.config.outbound.allowPrivateAddresses, trustedUrlPrefixes: [`${runtime.config.appUrl}${callbackReceiverPathPrefix}`] },
    logger: logger.child({ component: "sandbox-wallet" }),
  });
  const stopDeliveryWorker = wallet.startDeliveryWorker();
  return { wallet, stopDeliveryWorker };
}

/** Called by the runtime at boot when the sandbox wallet is enabled; safe to call more than once. */
export async function startEmbeddedSandboxWallet(runtime: Runtime): Promise<SandboxWallet> {
  globalForSandbox.embeddedSandboxWallet ??= start(runtime).catch((error: unknown) => {
    globalForSandbox.embeddedSandboxWallet = undefined;
    throw error;
  });
  return (await globalForSandbox.embeddedSandboxWallet).wallet;
}

/** The running embedded wallet, or undefined when this server does not host one (it talks to another wallet). */
export async function getEmbeddedSandboxWallet(): Promise<SandboxWallet | undefined> {
  const runtime = await getRuntime();
  if (!runtime.config.sandboxWallet.enabled) return undefined;
  return startEmbeddedSandboxWallet(runtime);
}

/** Stops the delivery worker (for an orderly shutdown); the wallet can be started again afterwards. */
export async function stopEmbeddedSandboxWallet(): Promise<void> {
  const embedded = globalForSandbox.embeddedSandboxWallet;
  globalForSandbox.embeddedSandboxWallet = undefined;
  if (embedded) await (await embedded).stopDeliveryWorker();
}
