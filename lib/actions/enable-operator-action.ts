"use server";
// Re-enables a disabled operator: they can sign in again (with their password and second factor).
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { updateOperatorSecurity } from "@/lib/db/queries/operator-security";
import { findOperator, setOperatorDisabled } from "@/lib/db/queries/operators";
import { operatorIdSchema } from "@/lib/schemas/account-security";
import { msg } from "@/lib/i18n/message";

export const enableOperatorAction = operatorAction(
  { name: "operator.enable", capability: "manageOperators", wholeMerchant: true, input: operatorIdSchema, stepUp: true },
  async ({ userId }, { db, operator }) => {
    const target = await findOperator(db, userId);
    if (!target) return { ok: false, code: "INVALID_INPUT", error: msg("errors.operator.gone") };
    await setOperatorDisabled(db, userId, false);
    await updateOperatorSecurity(db, userId, { disabledAt: null, disabledBy: null });
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "operator.enable",
      outcome: "success",
      target: { type: "operator", id: userId },
      details: { email: target.email },
    });
    revalidatePath("/operators");
    return { ok: true, data: { id: userId } };
  },
);
