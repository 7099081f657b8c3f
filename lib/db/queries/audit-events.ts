// The audit log, newest first: filtered by action, operator and São Paulo days, a page at a time,
// with the number of matching events.
import { and, count, desc, eq, gt, gte, lt, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";

export const auditLogPageSize = 50;

/** How many times this operator's `action` failed since `since` (the step-up's attempt limit). */
export async function countRecentFailures(db: Database, action: string, actorUserId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, action),
        eq(auditEvents.actorUserId, actorUserId),
        eq(auditEvents.outcome, "failure"),
        gt(auditEvents.occurredAt, since),
      ),
    );
  return row?.value ?? 0;
}

export type AuditLogFilters = { action?: string; actorEmail?: string; from?: Date; before?: Date };

export function listRecentAuditEvents(db: Database, limit = 200) {
  return db.select().from(auditEvents).orderBy(desc(auditEvents.occurredAt)).limit(limit);
}

function auditCondition(filters: AuditLogFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.action) conditions.push(eq(auditEvents.action, filters.action));
  if (filters.actorEmail) conditions.push(eq(auditEvents.actorEmail, filters.actorEmail));
  if (filters.from) conditions.push(gte(auditEvents.occurredAt, filters.from));
  if (filters.before) conditions.push(lt(auditEvents.occurredAt, filters.before));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page (1-based) of matching events, and how many match in all. */
export async function listAuditLogPage(db: Database, filters: AuditLogFilters, page: number, pageSize = auditLogPageSize) {
  const where = auditCondition(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ count: count() }).from(auditEvents).where(where),
  ]);
  return { rows, total: Number(total?.count ?? 0) };
}
