"use server";
// Offboarding: an admin disables an operator. Their sessions end at once and every later page or
// action is refused (getCurrentOperator treats a disabled operator as signed out). Never the last
// administrator who can still sign in.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { countOtherEnabledAdmins, endAllSessionsOf, updateOperatorSecurity } from "@/lib/db/queries/operator-security";
import { findOperator, setOperatorDisabled } from "@/lib/db/queries/operators";
import { operatorIdSchema } from "@/lib/schemas/account-security";
import { msg } from "@/lib/i18n/message";

export const disableOperatorAction = operatorAction(
  { name: "operator.disable", capability: "manageOperators", wholeMerchant: true, input: operatorIdSchema, stepUp: true },
  async ({ userId }, { db, operator }) => {
    const target = await findOperator(db, userId);
    if (!target) return { ok: false, code: "INVALID_INPUT", error: msg("errors.operator.gone") };
    if (target.role === "admin" && (await countOtherEnabledAdmins(db, userId)) === 0) {
      await recordAuditEvent(db, {
        actor: { id: operator.id, email: operator.email },
        action: "operator.disable",
        outcome: "refused",
        target: { type: "operator", id: userId },
        details: { email: target.email, reason: "last_admin" },
      });
      return { ok: false, code: "INVALID_INPUT", error: msg("errors.operator.lastAdmin") };
    }
    await setOperatorDisabled(db, userId, true);
    await endAllSessionsOf(db, userId);
    await updateOperatorSecurity(db, userId, { disabledAt: new Date(), disabledBy: operator.id });
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "operator.disable",
      outcome: "success",
      target: { type: "operator", id: userId },
      details: { email: target.email },
    });
    revalidatePath("/operators");
    return { ok: true, data: { id: userId } };
  },
);
