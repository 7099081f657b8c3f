"use server";
// Saves where alerts are sent (e-mail recipients, webhook URL). A signing secret is created with the
// first webhook URL or on request, and returned this once only. Admins only, with step-up; audited
// (without the secret or the URL's query, which may carry a token).
import { revalidatePath } from "next/cache";
import { generateWebhookSecret } from "@/lib/alerts/webhook-secret";
import { recordAuditEvent } from "@/lib/audit";
import { operatorAction } from "@/lib/actions/operator-action";
import { hasWebhookSecret, saveAlertChannel } from "@/lib/db/queries/alert-settings";
import { parseRecipients, updateAlertChannelsSchema } from "@/lib/schemas/alert-channels";

export const updateAlertChannelsAction = operatorAction(
  { name: "alerts.updateChannels", capability: "manageOperators", input: updateAlertChannelsSchema, stepUp: true },
  async (input, { db, operator }) => {
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
