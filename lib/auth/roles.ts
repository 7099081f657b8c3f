// What each operator role may do (the roles themselves are lib/vocabulary/operator-roles.ts).
import type { OperatorRole } from "@/lib/vocabulary/operator-roles";

/** What each capability requires. Pages and actions name a capability, not a list of roles. */
export const rolesAllowedTo = {
  manageOperators: ["admin"],
  setApprovalPolicy: ["admin"],
  manageCounters: ["admin"],
  manageApiKeys: ["admin"],
  readAuditLog: ["admin"],
  moveMoney: ["admin", "finance"],
  closeBooks: ["admin", "finance"],
  useSandboxTools: ["admin", "qa"],
  simulatePayment: ["admin", "finance", "qa"],
  read: ["admin", "finance", "qa", "viewer"],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type Capability = keyof typeof rolesAllowedTo;

export function roleCan(role: string | null | undefined, capability: Capability): boolean {
  return (rolesAllowedTo[capability] as readonly string[]).includes(role ?? "");
}
