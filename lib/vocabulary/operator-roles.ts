// Operator roles. admin manages operators; finance moves money; qa drives the sandbox; viewer reads.
// What each role may do is lib/auth/roles.ts; the input schema is lib/schemas/operator-role.ts.

export const operatorRoles = ["admin", "finance", "qa", "viewer"] as const;
export type OperatorRole = (typeof operatorRoles)[number];
/** Roles that must always use two-factor: the security settings may relax it for the others only. */
export const alwaysTwoFactorRoles = ["admin", "finance"] as const satisfies readonly OperatorRole[];
