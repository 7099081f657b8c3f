// The dashboard's own callback receiver URL, handed to the wallet on every creation. The secret
// path segment is the only proof a delivery is genuine (the wallet signs nothing): never log it.
import "server-only";
import type { AppConfig } from "@/lib/config";

export const callbackReceiverPathPrefix = "/api/callbacks/wallet/";

export function dashboardCallbackUrl(config: Pick<AppConfig, "appUrl" | "callbackSecret">): string {
  return `${config.appUrl}${callbackReceiverPathPrefix}${config.callbackSecret}`;
}
