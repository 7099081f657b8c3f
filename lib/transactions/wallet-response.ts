// What of the wallet's answer we keep: everything it sent, except the callback URL when it is the
// dashboard's own (it carries the receiver's secret).
import type { AppConfig } from "@/lib/config";
import { dashboardCallbackUrl } from "@/lib/callbacks/receiver-url";

export const dashboardReceiverPlaceholder = "[the dashboard's callback receiver]";

export function storableWalletResponse(response: Record<string, unknown>, config: Pick<AppConfig, "appUrl" | "callbackSecret">): Record<string, unknown> {
  const ownReceiver = dashboardCallbackUrl(config);
  const copy: Record<string, unknown> = { ...response };
  if (copy.callbackUrl === ownReceiver) copy.callbackUrl = dashboardReceiverPlaceholder;
  return copy;
}
