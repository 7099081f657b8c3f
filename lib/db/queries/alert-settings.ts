// Reads and writes of the alert settings page: rule overrides, channels (the webhook secret only
// masked), and the newest delivery attempts with their delivery and incident.
import { desc, eq, sql } from "drizzle-orm";
import type { AlertChannelKind, AlertRuleKey } from "@/lib/vocabulary/alert-kinds";
import { maskWebhookSecret } from "@/lib/vocabulary/webhook-secret";
import type { Database } from "@/lib/db/client";
import { alertChannels, alertDeliveries, alertDeliveryAttempts, alertIncidents, alertRules } from "@/lib/db/schema";

export async function saveAlertRules(
  db: Database,
  rules: Array<{ rule: AlertRuleKey; enabled: boolean; threshold: number | null }>,
  byEmail: string,
): Promise<void> {
  for (const setting of rules) {
    await db
      .insert(alertRules)
      .values({ ...setting, updatedByEmail: byEmail })
      .onConflictDoUpdate({
        target: alertRules.rule,
        set: { enabled: setting.enabled, threshold: setting.threshold, updatedAt: sql`now()`, updatedByEmail: byEmail },
      });
  }
}

export type ChannelView = { kind: AlertChannelKind; enabled: boolean; target: string; maskedSecret: string | null };

export async function loadChannelViews(db: Database): Promise<Record<AlertChannelKind, ChannelView>> {
  const rows = await db.select().from(alertChannels);
  const view = (kind: AlertChannelKind): ChannelView => {
    const row = rows.find((candidate) => candidate.kind === kind);
    return {
      kind,
      enabled: row?.enabled ?? false,
      target: row?.target ?? "",
      maskedSecret: row?.signingSecret ? maskWebhookSecret(row.signingSecret) : null,
    };
  };
  return { email: view("email"), webhook: view("webhook") };
}

export async function saveAlertChannel(
  db: Database,
  channel: { kind: AlertChannelKind; enabled: boolean; target: string; signingSecret?: string },
  byEmail: string,
): Promise<void> {
  const values = {
    kind: channel.kind,
    enabled: channel.enabled,
    target: channel.target,
    updatedByEmail: byEmail,
    ...(channel.signingSecret ? { signingSecret: channel.signingSecret } : {}),
  };
  await db
    .insert(alertChannels)
    .values(values)
    .onConflictDoUpdate({ target: alertChannels.kind, set: { ...values, updatedAt: sql`now()` } });
}

export async function hasWebhookSecret(db: Database): Promise<boolean> {
  const [row] = await db.select({ secret: alertChannels.signingSecret }).from(alertChannels).where(eq(alertChannels.kind, "webhook"));
  return Boolean(row?.secret);
}

export function listRecentDeliveryAttempts(db: Database, limit = 50) {
  return db
    .select({
      id: alertDeliveryAttempts.id,
      attemptedAt: alertDeliveryAttempts.attemptedAt,
      attempt: alertDeliveryAttempts.attempt,
      ok: alertDeliveryAttempts.ok,
      responseStatus: alertDeliveryAttempts.responseStatus,
      error: alertDeliveryAttempts.error,
      channel: alertDeliveries.channel,
      deliveryStatus: alertDeliveries.status,
      rule: alertIncidents.rule,
      details: alertIncidents.details,
    })
    .from(alertDeliveryAttempts)
    .innerJoin(alertDeliveries, eq(alertDeliveries.id, alertDeliveryAttempts.deliveryId))
    .innerJoin(alertIncidents, eq(alertIncidents.id, alertDeliveries.incidentId))
    .orderBy(desc(alertDeliveryAttempts.attemptedAt), desc(alertDeliveryAttempts.attempt))
    .limit(limit);
}
