// Operator account security that better-auth does not keep: the last TOTP time step each operator
// used (a code is accepted once), forced password changes, per-session idle/step-up timestamps,
// and the admin's security settings (one row).
import { bigint, boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { session, user } from "./auth";

export const operatorSecurity = pgTable("operator_security", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** The TOTP time step (unix time / 30 s) of the last code accepted: a code at or before it is refused. */
  lastTotpStep: bigint("last_totp_step", { mode: "number" }).notNull().default(0),
  /** Set by an admin-issued reset: the operator must choose a new password before anything else. */
  mustChangePassword: boolean("must_change_password").notNull().default(false),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  disabledBy: text("disabled_by"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sessionActivity = pgTable("session_activity", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => session.id, { onDelete: "cascade" }),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  /** When this session last proved a second factor (or the password); step-up counts for 5 minutes. */
  steppedUpAt: timestamp("stepped_up_at", { withTimezone: true }),
});

/** One row (id = 1); absent means the defaults in lib/auth/security-settings.ts. */
export const securitySettings = pgTable("security_settings", {
  id: integer("id").primaryKey(),
  twoFactorRequiredRoles: text("two_factor_required_roles").array().notNull(),
  idleTimeoutMinutes: integer("idle_timeout_minutes").notNull(),
  absoluteLifetimeMinutes: integer("absolute_lifetime_minutes").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by"),
});
