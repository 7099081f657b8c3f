// The operator security policy: which roles must use two-factor, and how long sessions live.
// Stored in security_settings (one row) so an admin can change it; absent means the defaults.
// Every role needs two-factor by default; an admin may relax it for viewer and QA only (a password
// alone then guards read-only and sandbox access), never for the roles that move money or manage
// operators. An install that saved its settings keeps what it saved.
import { eq } from "drizzle-orm";
import type { OperatorRole } from "@/lib/vocabulary/operator-roles";
import type { Database } from "@/lib/db/client";
import { securitySettings } from "@/lib/db/schema";

export type SecurityPolicy = { twoFactorRequiredRoles: OperatorRole[]; idleTimeoutMinutes: number; absoluteLifetimeMinutes: number };

export const defaultSecurityPolicy: SecurityPolicy = {
  twoFactorRequiredRoles: ["admin", "finance", "qa", "viewer"],
  idleTimeoutMinutes: 30,
  absoluteLifetimeMinutes: 12 * 60,
};
/** better-auth's own session expiry; the configured absolute lifetime (at most this) is enforced on top. */
export const maxAbsoluteLifetimeMinutes = 24 * 60;
export const stepUpValidityMs = 5 * 60_000;

export async function getSecurityPolicy(db: Database): Promise<SecurityPolicy> {
  const [row] = await db.select().from(securitySettings).where(eq(securitySettings.id, 1));
  return policyFromRow(row);
}

/** The policy stored in a security_settings row; no row (or a left join that found none) means the defaults. */
export function policyFromRow(
  row:
    | Pick<typeof securitySettings.$inferSelect, "twoFactorRequiredRoles" | "idleTimeoutMinutes" | "absoluteLifetimeMinutes">
    | null
    | undefined,
): SecurityPolicy {
  if (!row) return defaultSecurityPolicy;
  return {
    twoFactorRequiredRoles: row.twoFactorRequiredRoles as OperatorRole[],
    idleTimeoutMinutes: row.idleTimeoutMinutes,
    absoluteLifetimeMinutes: row.absoluteLifetimeMinutes,
  };
}

export async function saveSecurityPolicy(db: Database, policy: SecurityPolicy, updatedBy: string): Promise<void> {
  const values = { ...policy, updatedAt: new Date(), updatedBy };
  await db
    .insert(securitySettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: securitySettings.id, set: values });
}
