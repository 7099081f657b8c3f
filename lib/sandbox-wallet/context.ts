// What every endpoint needs: the database, the settings, the clock, and a way to tell the
// delivery worker that a callback was queued (so it goes out now, not at the next poll).
import type { SandboxDatabase } from "./database";
import type { SandboxLogger } from "./logger";
import type { SandboxWalletSettings } from "./settings";

export type SandboxContext = {
  db: SandboxDatabase;
  settings: SandboxWalletSettings;
  clock: () => Date;
  logger: SandboxLogger;
  onCallbackQueued: () => void;
};
