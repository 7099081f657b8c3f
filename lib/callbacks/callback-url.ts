// The callback URLs the dashboard hands to the wallet. Each transaction gets its own:
// APP_URL/api/callbacks/wallet/<local id>/<token>, the token being an HMAC of the local id under a
// key derived from CALLBACK_SECRET. The wallet signs nothing, so this URL is the only proof a
// delivery is genuine, and it also says which transaction the delivery may touch. Never log it.
// Transactions created before per-transaction URLs keep the global one (APP_URL/.../<secret>).
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppConfig } from "@/lib/config";
import { callbackReceiverPathPrefix } from "@/lib/vocabulary/callback-url";

type KeyConfig = Pick<AppConfig, "callbackSecret">;

/** Domain-separated, so the token can never equal anything else derived from the same secret. */
export function callbackToken(config: KeyConfig, transactionId: string): string {
  return createHmac("sha256", config.callbackSecret)
    .update(`wallet-dashboard/callback-url/v1/${transactionId.toLowerCase()}`)
    .digest("base64url");
}

export function transactionCallbackUrl(config: Pick<AppConfig, "appUrl" | "callbackSecret">, transactionId: string): string {
  return `${config.appUrl}${callbackReceiverPathPrefix}${transactionId}/${callbackToken(config, transactionId)}`;
}

function constantTimeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function callbackTokenMatches(config: KeyConfig, transactionId: string, givenToken: string): boolean {
  return constantTimeEqual(givenToken, callbackToken(config, transactionId));
}

export function legacySecretMatches(config: KeyConfig, givenSecret: string): boolean {
  return constantTimeEqual(givenSecret, config.callbackSecret);
}

/** Any of the dashboard's own receiver URLs, legacy or per transaction (to mask or recognise them). */
export function isOwnCallbackUrl(config: Pick<AppConfig, "appUrl">, url: unknown): boolean {
  return typeof url === "string" && url.startsWith(`${config.appUrl}${callbackReceiverPathPrefix}`);
}
