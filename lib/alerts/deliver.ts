// Sends due alert deliveries. Each is claimed with FOR UPDATE SKIP LOCKED and a lease before any
// network call, so two instances never send the same one; a failure is retried with doubling delays
// up to maxDeliveryAttempts, and every attempt is written to alert_delivery_attempts.
import { eq, inArray, sql } from "drizzle-orm";
import { alertSummary } from "@/lib/alerts/alert-text";
import { sendAlertEmail, type EmailSettings, type SendResult } from "@/lib/alerts/send-email";
import { sendAlertWebhook } from "@/lib/alerts/send-webhook";
import type { Database } from "@/lib/db/client";
import { alertChannels, alertDeliveries, alertDeliveryAttempts, alertIncidents, type AlertDelivery } from "@/lib/db/schema";

export const maxDeliveryAttempts = 6;
// Long enough for an SMTP exchange or a webhook timeout; an instance that dies mid-send frees the
// delivery after this, and another sends it (the same id, so receivers can tell it is a repeat).
const sendingLeaseMs = 120_000;

export type DeliverySettings = { appUrl: string; email: EmailSettings; retryBaseMs: number; batchSize?: number; now?: () => Date };

/** The delay before attempt n+1 after n failed attempts: base, 2×base, 4×base... */
export function retryDelayMs(failedAttempts: number, baseMs: number): number {
  return baseMs * 2 ** Math.max(0, failedAttempts - 1);
}

async function claimDueDeliveries(db: Database, now: Date, limit: number): Promise<AlertDelivery[]> {
  const nowText = now.toISOString();
  const leaseText = new Date(now.getTime() + sendingLeaseMs).toISOString();
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: alertDeliveries.id })
      .from(alertDeliveries)
      .where(
        sql`(${alertDeliveries.status} = 'pending' and ${alertDeliveries.nextAttemptAt} <= ${nowText}::timestamptz)
          or (${alertDeliveries.status} = 'sending' and ${alertDeliveries.leaseUntil} < ${nowText}::timestamptz)`,
      )
      .orderBy(alertDeliveries.nextAttemptAt)
      .limit(limit)
      .for("update", { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(alertDeliveries)
      .set({ status: "sending", leaseUntil: new Date(leaseText), attempts: sql`${alertDeliveries.attempts} + 1` })
      .where(
        inArray(
          alertDeliveries.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Sends what is due now; returns how many deliveries were attempted. */
export async function sendDueDeliveries(db: Database, settings: DeliverySettings): Promise<number> {
  const now = settings.now ?? (() => new Date());
  const claimed = await claimDueDeliveries(db, now(), settings.batchSize ?? 20);
  for (const delivery of claimed) {
    const [incident] = await db.select().from(alertIncidents).where(eq(alertIncidents.id, delivery.incidentId));
    const startedAt = now();
    let result: SendResult;
    if (!incident) {
      result = { ok: false, error: "The incident no longer exists." };
    } else if (delivery.channel === "email") {
      const summary = alertSummary(incident, settings.appUrl);
      result = await sendAlertEmail(settings.email, {
        deliveryId: delivery.id,
        to: delivery.target,
        subject: summary.subject,
        text: summary.text,
      });
    } else {
      const [channel] = await db
        .select({ secret: alertChannels.signingSecret })
        .from(alertChannels)
        .where(eq(alertChannels.kind, "webhook"));
      const summary = alertSummary(incident, settings.appUrl);
      result = channel?.secret
        ? await sendAlertWebhook({
            deliveryId: delivery.id,
            url: delivery.target,
            secret: channel.secret,
            now: startedAt,
            // Slack reads `text`; other receivers get the alert's fields beside it.
            payload: {
              text: summary.text,
              type: "alert.opened",
              alert: {
                id: incident.id,
                rule: incident.rule,
                details: incident.details,
                url: `${settings.appUrl}${incident.href}`,
                openedAt: incident.openedAt.toISOString(),
              },
            },
          })
        : { ok: false, error: "The webhook has no signing secret." };
    }
    const finishedAt = now();
    await db.insert(alertDeliveryAttempts).values({
      deliveryId: delivery.id,
      attempt: delivery.attempts,
      attemptedAt: startedAt,
      ok: result.ok,
      responseStatus: result.responseStatus ?? null,
      error: result.ok ? null : result.error,
      durationMs: Math.max(0, finishedAt.getTime() - startedAt.getTime()),
    });
    if (result.ok) {
      await db
        .update(alertDeliveries)
        .set({ status: "sent", sentAt: finishedAt, leaseUntil: null, lastError: null })
        .where(eq(alertDeliveries.id, delivery.id));
    } else if (delivery.attempts >= maxDeliveryAttempts) {
      await db
        .update(alertDeliveries)
        .set({ status: "failed", leaseUntil: null, lastError: result.error })
        .where(eq(alertDeliveries.id, delivery.id));
    } else {
      await db
        .update(alertDeliveries)
        .set({
          status: "pending",
          leaseUntil: null,
          lastError: result.error,
          nextAttemptAt: new Date(finishedAt.getTime() + retryDelayMs(delivery.attempts, settings.retryBaseMs)),
        })
        .where(eq(alertDeliveries.id, delivery.id));
    }
  }
  return claimed.length;
}
