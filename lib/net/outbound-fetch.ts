// Every HTTP request the server makes to a URL someone else chose (the sandbox wallet's callback
// deliveries, a resend to a new URL, the cash-in callback override, alert webhooks) goes through
// fetchOutbound, so one guard (lib/net/outbound-guard.ts) decides which addresses may be reached.
// This file binds the guard to the dashboard's settings: OUTBOUND_ALLOW_PRIVATE_ADDRESSES and the
// dashboard's own callback receiver (always allowed, it lives on APP_URL).
import "server-only";
import { callbackReceiverPathPrefix } from "@/lib/vocabulary/callback-url";
import { getConfig, type AppConfig } from "@/lib/config";
import { assertOutboundUrlAllowed, guardedFetch, type OutboundPolicy } from "@/lib/net/outbound-guard";

export { OutboundUrlRefusedError, type OutboundRefusalCode } from "@/lib/net/outbound-guard";

/** The dashboard's policy: private addresses only when the setting says so; its own receiver always. */
export function dashboardOutboundPolicy(config: Pick<AppConfig, "appUrl" | "outbound">): OutboundPolicy {
  return {
    allowPrivateAddresses: config.outbound.allowPrivateAddresses,
    trustedUrlPrefixes: [`${config.appUrl}${callbackReceiverPathPrefix}`],
  };
}

/**
 * A store's wallet connection (issue #49): the same rules, and the embedded sandbox wallet's own URL
 * ({APP_URL}/sandbox/, often on localhost) allowed when this server runs it — as its own callback
 * receiver is — so a second store can use a second sandbox account with zero setup.
 */
export function walletConnectionOutboundPolicy(
  config: Pick<AppConfig, "appUrl" | "outbound"> & { sandboxWallet: { enabled: boolean } },
): OutboundPolicy {
  const policy = dashboardOutboundPolicy(config);
  return config.sandboxWallet.enabled
    ? { ...policy, trustedUrlPrefixes: [...(policy.trustedUrlPrefixes ?? []), `${config.appUrl}/sandbox/`] }
    : policy;
}

export type FetchOutboundOptions = { policy?: Partial<OutboundPolicy> };

/**
 * fetch through the guard. Throws OutboundUrlRefusedError when the URL (or a redirect, or the
 * address connected to) is internal; other failures are fetch's own.
 */
export async function fetchOutbound(url: string, init?: RequestInit, options: FetchOutboundOptions = {}): Promise<Response> {
  return guardedFetch(url, init, { ...dashboardOutboundPolicy(getConfig()), ...options.policy });
}

/** Checks a URL before handing it to someone else who will request it (the wallet): same rules. */
export async function assertOutboundUrl(url: string, config: Pick<AppConfig, "appUrl" | "outbound"> = getConfig()): Promise<void> {
  await assertOutboundUrlAllowed(url, dashboardOutboundPolicy(config));
}
