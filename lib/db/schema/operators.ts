// Operator-side bookkeeping that better-auth does not cover: the one-time setup marker and the
// failed sign-in counter used by the sign-in limiter.
import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** One row (id = 1) once the first admin exists; its primary key makes setup happen at most once. */
export const setupState = pgTable("setup_state", {
  id: integer("id").primaryKey(),
  completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  adminUserId: text("admin_user_id"),
});

export const signInAttempts = pgTable(
  "sign_in_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    /** The client address (see lib/auth/client-address.ts); the per-address limit counts by it. */
    ipAddress: text("ip_address").notNull().default("unknown"),
    succeeded: boolean("succeeded").notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("sign_in_attempts_email_time_idx").on(table.email, table.attemptedAt),
    index("sign_in_attempts_address_time_idx").on(table.ipAddress, table.attemptedAt),
  ],
);
