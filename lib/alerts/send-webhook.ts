// Posts an alert to the admin's webhook: Slack-compatible JSON (`text`, plus the alert's fields),
// signed with the Standard Webhooks scheme (webhook-id / webhook-timestamp / webhook-signature), sent
// through fetchOutbound so the outbound-URL guard decides whether the address may be reached.
import "server-only";
import { Webhook } from "standardwebhooks";
import { fetchOutbound } from "@/lib/net/outbound-fetch";
import type { SendResult } from "@/lib/alerts/send-email";

export const webhookTimeoutMs = 10_000;

export type WebhookAlert = { deliveryId: string; url: string; secret: string; payload: Record<string, unknown>; now: Date };

export async function sendAlertWebhook(alert: WebhookAlert): Promise<SendResult> {
  const body = JSON.stringify(alert.payload);
  // The delivery id is the message id: retries carry the same one, so a receiver can drop repeats.
  const signature = new Webhook(alert.secret).sign(alert.deliveryId, alert.now, body);
  try {
    const response = await fetchOutbound(alert.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": alert.deliveryId,
        "webhook-timestamp": String(Math.floor(alert.now.getTime() / 1000)),
        "webhook-signature": signature,
        "user-agent": "WalletDashboard-Alerts/1",
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(webhookTimeoutMs),
    });
    await response.body?.cancel().catch(() => {});
    if (response.status >= 200 && response.status < 300) return { ok: true, responseStatus: response.status };
    return { ok: false, responseStatus: response.status, error: `The webhook answered HTTP ${response.status}.` };
  } catch (error) {
    const reason =
      (error as Error).name === "TimeoutError"
        ? `no answer within ${webhookTimeoutMs / 1000} s`
        : ((error as Error).message ?? "request failed");
    return { ok: false, error: `The webhook could not be reached: ${reason}` };
  }
}
