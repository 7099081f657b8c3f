// The sandbox wallet: a small payment service implementing the wallet API spec, embeddable in any
// server. It never imports dashboard code; the host gives it a database, a token and settings.
// Callbacks go through the neutral SSRF guard in lib/net/outbound-guard.ts (shared with the dashboard).
import { createGuardedFetch, type OutboundPolicy } from "../net/outbound-guard";
import type { SandboxContext } from "./context";
import type { SandboxDatabase } from "./database";
import { createDeliveryWorker } from "./delivery-worker";
import { createHttpHandler } from "./http-handler";
import { silentLogger, type SandboxLogger } from "./logger";
import { defaultSandboxWalletSettings, type SandboxWalletSettings } from "./settings";

export { sandboxWalletMigrations, type SandboxDatabase } from "./database";
export { errorResponse, successResponse, type Envelope } from "./envelope";
export type { SandboxLogger } from "./logger";
export { sandboxRoute } from "./route";
export {
  defaultSandboxWalletSettings,
  parseSandboxWalletSettings,
  SandboxWalletSettingsError,
  type SandboxWalletSettings,
} from "./settings";
export { cashOutFailureTestKeys, cashOutFailureTestValueCents } from "./test-values";

export type CreateSandboxWalletOptions = {
  /** A Drizzle PostgreSQL database with the sandbox migrations applied (see `sandboxWalletMigrations`). */
  db: SandboxDatabase;
  /** The bearer token every request must carry. */
  token: string;
  /** Overrides of the documented defaults (tests use millisecond delays). */
  settings?: Partial<SandboxWalletSettings>;
  /** Path prefix the wallet is served under, such as "/sandbox"; "" serves it at the root. */
  mountPath?: string;
  /**
   * Which callback URLs may be reached: by default none on loopback, private or link-local
   * addresses. Hosts pass their receiver as trusted, and tests allow private addresses.
   */
  outboundPolicy?: OutboundPolicy;
  /** Used to POST callbacks; defaults to fetch through the guard with `outboundPolicy`. */
  fetch?: typeof fetch;
  /** Source of the current time; defaults to the system clock (tests move it forward). */
  clock?: () => Date;
  logger?: SandboxLogger;
};

export type SandboxWallet = {
  settings: SandboxWalletSettings;
  /** Answers one HTTP request (the API under /api/v1, the sandbox controls under /control). */
  handleRequest(request: Request): Promise<Response>;
  /** Starts the background worker (expiry, settlement, callbacks); returns a function that stops it. */
  startDeliveryWorker(): () => Promise<void>;
  /** Runs one worker round now, without the loop (for scripts and tests). */
  runWorkerOnce(): Promise<void>;
};

export function createSandboxWallet(options: CreateSandboxWalletOptions): SandboxWallet {
  if (options.token.length < 8) throw new Error("The sandbox wallet token must be at least 8 characters");
  const settings: SandboxWalletSettings = { ...defaultSandboxWalletSettings, ...options.settings };
  const mountPath = (options.mountPath ?? "").replace(/\/+$/, "");
  const clock = options.clock ?? (() => new Date());
  const logger = options.logger ?? silentLogger;
  const worker = createDeliveryWorker({
    db: options.db,
    settings,
    fetch: options.fetch ?? createGuardedFetch(options.outboundPolicy ?? { allowPrivateAddresses: false }),
    clock,
    logger,
  });
  const context: SandboxContext = { db: options.db, settings, clock, logger, onCallbackQueued: () => worker.wake() };
  return {
    settings,
    handleRequest: createHttpHandler({ context, token: options.token, mountPath }),
    startDeliveryWorker: () => worker.start(),
    runWorkerOnce: () => worker.runOnce(),
  };
}
