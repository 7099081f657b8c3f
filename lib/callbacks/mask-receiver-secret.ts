// Callback logs carry the URL the wallet called, which for the dashboard's own receiver holds the
// global callback secret or a transaction's token. Pages show it with those masked.
import "server-only";
import { callbackReceiverPathPrefix } from "@/lib/vocabulary/callback-url";

export const maskedSecret = "••••••";

const escapedPrefix = callbackReceiverPathPrefix.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
// <prefix><uuid>/<token>: keep the transaction id (not secret), mask the token.
const perTransactionUrl = new RegExp(`(${escapedPrefix}[0-9a-fA-F-]{36}/)[A-Za-z0-9_-]+`, "g");

export function maskReceiverSecret(text: string, callbackSecret: string): string {
  return text.split(callbackSecret).join(maskedSecret).replace(perTransactionUrl, `$1${maskedSecret}`);
}
