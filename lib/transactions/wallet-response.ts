// What of the wallet's answer we keep: everything it sent, except the callback URL when it is the
// dashboard's own (it carries a secret token), and the copy-and-paste code and QR image, which the
// transaction row already keeps in their own columns (not stored twice).
import type { AppConfig } from "@/lib/config";
import { isOwnCallbackUrl } from "@/lib/callbacks/callback-url";

export const dashboardReceiverPlaceholder = "[the dashboard's callback receiver]";
export const keptInColumnsPlaceholder = "[kept in the transaction's own column]";

export function storableWalletResponse(response: Record<string, unknown>, config: Pick<AppConfig, "appUrl">): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...response };
  if (isOwnCallbackUrl(config, copy.callbackUrl)) copy.callbackUrl = dashboardReceiverPlaceholder;
  for (const field of ["qrcodeImage", "codeCopyPaste"] as const) {
    if (typeof copy[field] === "string") copy[field] = keptInColumnsPlaceholder;
  }
  return copy;
}
