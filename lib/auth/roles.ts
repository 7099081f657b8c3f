// Operator roles. admin manages operators; finance moves money; qa drives the sandbox; viewer reads.
// zod/mini: client forms import the roles, and the full zod would ship with them.
import * as z from "zod/mini";
import { msg } from "@/lib/i18n/message";
import "@/lib/schemas/mini"; // the browser config (jitless) wherever this schema runs

export const operatorRoles = ["admin", "finance", "qa", "viewer"] as const;
export type OperatorRole = (typeof operatorRoles)[number];
export const operatorRoleSchema = z.enum(operatorRoles, { error: msg("errors.operator.roleChoose") });
/** Roles that must always use two-factor: the security settings may relax it for the others only. */
export const alwaysTwoFactorRoles = ["admin", "finance"] as const satisfies readonly OperatorRole[];

/** What each capability requires. Pages and actions name a capability, not a list of roles. */
export const rolesAllowedTo = {
  manageOperators: ["admin"],
  setApprovalPolicy: ["admin"],
  manageCounters: ["admin"],
  readAuditLog: ["admin"],
  moveMoney: ["admin", "finance"],
  useSandboxTools: ["admin", "qa"],
  simulatePayment: ["admin", "finance", "qa"],
  read: ["admin", "finance", "qa", "viewer"],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type Capability = keyof typeof rolesAllowedTo;

export function roleCan(role: string | null | undefined, capability: Capability): boolean {
  return (rolesAllowedTo[capability] as readonly string[]).includes(role ?? "");
}
