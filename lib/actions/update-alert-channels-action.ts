"use server";
// Saves where alerts are sent (e-mail recipients, webhook URL). A signing secret is created with the
// first webhook URL or on request, and returned this once only. Admins only, with step-up; audited
// (without the secret or the URL's query, which may carry a token). The webhook URL goes through the
// outbound guard here as well as when an alert is sent: an internal address (or a name resolving to
// one now) is refused on the field, rather than saved and failing at 3 a.m.
import { revalidatePath } from "next/cache";
import { generateWebhookSecret } from "@/lib/alerts/webhook-secret";
import { recordAuditEvent } from "@/lib/audit";
import { operatorAction } from "@/lib/actions/operator-action";
import { hasWebhookSecret, saveAlertChannel } from "@/lib/db/queries/alert-settings";
import { msg } from "@/lib/i18n/message";
import { assertOutboundUrl, OutboundUrlRefusedError } from "@/lib/net/outbound-fetch";
import { alertChannelErrors, parseRecipients, updateAlertChannelsSchema } from "@/lib/schemas/alert-channels";

export const updateAlertChannelsAction = operatorAction(
  { name: "alerts.updateChannels", capability: "manageOperators", wholeMerchant: true, input: updateAlertChannelsSchema, stepUp: true },
  async (input, { db, config, operator }) => {
    if (input.webhookUrl) {
      const refused = await webhookUrlRefusal(input.webhookUrl, config);
      if (refused) {
        await recordAuditEvent(db, {
          actor: { id: operator.id, email: operator.email },
          action: "alerts.updateChannels",
          outcome: "refused",
          details: { reason: "outbound_url", code: refused.error.code, host: refused.host, address: refused.error.address ?? null },
        });
        return { ok: false, code: "INVALID_INPUT", error: refused.message, fieldErrors: { webhookUrl: [refused.message] } };
      }
    }
    const recipients = parseRecipients(input.emailRecipients) ?? [];
    const newSecret = input.webhookUrl && (input.rotateSecret || !(await hasWebhookSecret(db))) ? generateWebhookSecret() : undefined;
    await db.transaction(async (tx) => {
      await saveAlertChannel(tx as never, { kind: "email", enabled: input.emailEnabled, target: recipients.join(", ") }, operator.email);
      await saveAlertChannel(
        tx as never,
        { kind: "webhook", enabled: input.webhookEnabled, target: input.webhookUrl, signingSecret: newSecret },
        operator.email,
      );
      await recordAuditEvent(tx, {
        actor: { id: operator.id, email: operator.email },
        action: "alerts.updateChannels",
        outcome: "success",
        details: {
          emailEnabled: input.emailEnabled,
          recipients: recipients.length,
          webhookEnabled: input.webhookEnabled,
          webhookHost: input.webhookUrl ? new URL(input.webhookUrl).host : null,
          newSigningSecret: Boolean(newSecret),
        },
      });
    });
    revalidatePath("/settings/alerts");
    return { ok: true, data: { newSigningSecret: newSecret } };
  },
);

/** Why the outbound guard refuses this webhook URL (as a field message), or null when it may be saved. */
async function webhookUrlRefusal(url: string, config: Parameters<typeof assertOutboundUrl>[1]) {
  try {
    await assertOutboundUrl(url, config);
    return null;
  } catch (error) {
    if (!(error instanceof OutboundUrlRefusedError)) throw error;
    const host = new URL(url).hostname;
    const message =
      error.code === "internal_address"
        ? msg("errors.alerts.webhookInternalAddress", { host, address: error.address ?? "?" })
        : error.code === "credentials_in_url"
          ? msg("errors.alerts.webhookCredentials")
          : alertChannelErrors.webhookUrl;
    return { error, host, message };
  }
}
