// Writes audit events. Callers pass what happened; this never stores secrets because callers
// never pass them (details are plain facts: ids, amounts, roles).
import type { Database } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";

export type AuditEntry = {
  actor: { id: string; email: string } | null;
  action: string;
  outcome: "success" | "failure" | "refused";
  target?: { type: string; id: string };
  details?: Record<string, unknown>;
};

export async function recordAuditEvent(db: Pick<Database, "insert">, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    actorUserId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    outcome: entry.outcome,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    details: entry.details ?? {},
  });
}
