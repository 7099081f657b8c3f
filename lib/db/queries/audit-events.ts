import { desc } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";

export function listRecentAuditEvents(db: Database, limit = 200) {
  return db.select().from(auditEvents).orderBy(desc(auditEvents.occurredAt)).limit(limit);
}
