"use server";
// An admin changes the security policy: which roles must use two-factor (admin and finance always:
// the schema refuses less), the idle timeout and the absolute session lifetime. Takes effect on
// every session's next request; audited with the roles left without two-factor.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { operatorRoles } from "@/lib/vocabulary/operator-roles";
import { getSecurityPolicy, saveSecurityPolicy } from "@/lib/auth/security-settings";
import { securityPolicySchema } from "@/lib/schemas/account-security";

export const updateSecuritySettingsAction = operatorAction(
  { name: "security_settings.update", capability: "manageOperators", wholeMerchant: true, input: securityPolicySchema, stepUp: true },
  async (policy, { db, operator }) => {
    const before = await getSecurityPolicy(db);
    await saveSecurityPolicy(db, policy, operator.id);
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "security_settings.update",
      outcome: "success",
      details: {
        before,
        after: policy,
        twoFactorNotRequiredFor: operatorRoles.filter((role) => !policy.twoFactorRequiredRoles.includes(role)),
      },
    });
    revalidatePath("/settings/security");
    return { ok: true, data: policy };
  },
);
