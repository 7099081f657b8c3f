// Opens incidents exactly once: the insert is keyed by (rule, incident key), and only the instance
// whose insert created the row adds the notification and the outbound deliveries, in the same
// database transaction. A second check, a second instance or a restart finds the row and adds nothing.
import type { AlertChannelKind } from "@/lib/vocabulary/alert-kinds";
import type { IncidentCandidate } from "@/lib/alerts/rules";
import type { Database } from "@/lib/db/client";
import { alertChannels, alertDeliveries, alertIncidents, notifications } from "@/lib/db/schema";

export type ActiveChannel = { kind: AlertChannelKind; target: string };

/** Channels that are switched on and have somewhere to send to. */
export async function loadActiveChannels(db: Database): Promise<ActiveChannel[]> {
  const rows = await db.select().from(alertChannels);
  return rows
    .filter((row) => row.enabled && row.target.trim() !== "" && (row.kind !== "webhook" || row.signingSecret))
    .map((row) => ({ kind: row.kind, target: row.target }));
}

/** Returns the ids of the incidents this call opened (the ones that were new). */
export async function openIncidents(
  db: Database,
  candidates: IncidentCandidate[],
  channels: ActiveChannel[],
  now: Date,
): Promise<string[]> {
  const opened: string[] = [];
  for (const candidate of candidates) {
    const id = await db.transaction(async (tx) => {
      const [incident] = await tx
        .insert(alertIncidents)
        .values({
          rule: candidate.rule,
          incidentKey: candidate.incidentKey,
          details: candidate.details,
          href: candidate.href,
          openedAt: now,
          storeId: candidate.storeId,
        })
        .onConflictDoNothing({ target: [alertIncidents.rule, alertIncidents.incidentKey] })
        .returning({ id: alertIncidents.id });
      if (!incident) return undefined;
      await tx.insert(notifications).values({ incidentId: incident.id, createdAt: now, storeId: candidate.storeId });
      if (channels.length) {
        await tx.insert(alertDeliveries).values(
          channels.map((channel) => ({
            incidentId: incident.id,
            channel: channel.kind,
            target: channel.target,
            nextAttemptAt: now,
            createdAt: now,
          })),
        );
      }
      return incident.id;
    });
    if (id) opened.push(id);
  }
  return opened;
}
