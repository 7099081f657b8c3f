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
  // Payment links (issue #48): create, edit, activate and deactivate; every role reads them.
  managePaymentLinks: ["admin", "finance"],
  closeBooks: ["admin", "finance"],
  // Personal data in full on a detail page, after an explicit, audited "show" (docs/personal-data.md).
  revealPersonalData: ["admin", "finance"],
  // A person's access and erasure requests (lib/personal-data/person-requests.ts).
  handlePersonalDataRequests: ["admin"],
  useSandboxTools: ["admin", "qa"],
  simulatePayment: ["admin", "finance", "qa"],
  read: ["admin", "finance", "qa", "viewer"],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type Capability = keyof typeof rolesAllowedTo;

export function roleCan(role: string | null | undefined, capability: Capability): boolean {
  return (rolesAllowedTo[capability] as readonly string[]).includes(role ?? "");
}
