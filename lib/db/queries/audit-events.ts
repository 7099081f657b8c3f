// The audit log, newest first: filtered by action, operator and São Paulo days, a page at a time,
// with the number of matching events.
import { and, count, desc, eq, getTableColumns, gt, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { keysetAfter, keysetColumn, keysetOrder, type KeysetRead, keysetPage } from "@/lib/db/queries/list-keyset";
import { type AuditLogSort, auditLogCountCap, auditLogSort } from "@/lib/vocabulary/audit-log-list";
import { isDescending, type ListCursor } from "@/lib/vocabulary/list-sort";
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

const auditSortColumns = { occurred: keysetColumn(auditEvents.occurredAt, "timestamptz") };

/** The statement one read of the audit log runs (the benchmark explains it). */
export function auditLogRowsQuery(db: Database, filters: AuditLogFilters, sort: AuditLogSort, read: KeysetRead) {
  const column = auditSortColumns[sort.replace("-", "") as keyof typeof auditSortColumns];
  return db
    .select({ ...getTableColumns(auditEvents), keyValue: column.key })
    .from(auditEvents)
    .where(and(auditCondition(filters), keysetAfter(column, auditEvents.id, "uuid", read.from, read.descending)))
    .orderBy(...keysetOrder(column, auditEvents.id, read.descending))
    .limit(read.limit);
}

/**
 * One page of matching events in `sort`'s order, keyset-paginated from `cursor` (read from
 * audit_events (occurred_at, id), or (action, occurred_at, id) with an action), and how many match
 * (up to one past auditLogCountCap: countAuditEvents).
 */
export async function listAuditLogPage(
  db: Database,
  filters: AuditLogFilters,
  sort: AuditLogSort = auditLogSort.defaultSort,
  cursor?: ListCursor,
  pageSize = auditLogPageSize,
) {
  const [page, total] = await Promise.all([
    keysetPage(cursor, pageSize, isDescending(sort), (read) => auditLogRowsQuery(db, filters, sort, read)),
    countAuditEvents(db, filters),
  ]);
  return { ...page, total };
}

/**
 * How many events match, counted up to one past auditLogCountCap (a LIMIT under the count, so a
 * million matching rows cost what 10,001 do): a result above the cap means "more than the cap".
 */
export async function countAuditEvents(db: Database, filters: AuditLogFilters, cap = auditLogCountCap): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(auditEvents)
    .where(auditCondition(filters))
    .limit(cap + 1)
    .as("matching");
  const [row] = await db.select({ count: count() }).from(matching);
  return Number(row?.count ?? 0);
}
