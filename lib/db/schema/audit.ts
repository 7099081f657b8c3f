// Who did what, when, with what result. Written for sign-ins, operator changes and every
// money-moving or sandbox action. Never holds a secret.
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    actorUserId: text("actor_user_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    outcome: text("outcome", { enum: ["success", "failure", "refused"] }).notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    // The audit log, keyset-paginated on (occurred_at, id) either way (lib/db/queries/list-keyset.ts),
    // and within one action.
    index("audit_events_occurred_at_id_idx").on(table.occurredAt, table.id),
    index("audit_events_action_occurred_at_id_idx").on(table.action, table.occurredAt, table.id),
  ],
);
export type AuditEvent = typeof auditEvents.$inferSelect;
