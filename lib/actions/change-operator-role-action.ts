"use server";
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { countOtherEnabledAdmins } from "@/lib/db/queries/operator-security";
import { findOperator, setOperatorRole } from "@/lib/db/queries/operators";
import { changeOperatorRoleSchema } from "@/lib/schemas/operator";
import { msg } from "@/lib/i18n/message";

export const changeOperatorRoleAction = operatorAction(
  { name: "operator.change_role", capability: "manageOperators", wholeMerchant: true, input: changeOperatorRoleSchema, stepUp: true },
  async ({ userId, role }, { db, operator }) => {
    const target = await findOperator(db, userId);
    if (!target) return { ok: false, code: "INVALID_INPUT", error: msg("errors.operator.gone") };
    if (target.role === "admin" && role !== "admin") {
      // Never leave the dashboard without an administrator.
      if ((await countOtherEnabledAdmins(db, userId)) === 0)
        return { ok: false, code: "INVALID_INPUT", error: msg("errors.operator.lastAdmin") };
    }
    await setOperatorRole(db, userId, role);
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "operator.change_role",
      outcome: "success",
      target: { type: "operator", id: userId },
      details: { email: target.email, from: target.role, to: role },
    });
    revalidatePath("/operators");
    return { ok: true, data: { id: userId, role } };
  },
);
