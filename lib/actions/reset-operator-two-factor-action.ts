"use server";
// Recovery for an operator who lost their phone (and their backup codes): an admin removes their
// authenticator. Their sessions end; at the next sign-in (password) they must enrol a new one
// before anything else, if their role requires two-factor.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { endAllSessionsOf } from "@/lib/db/queries/operator-security";
import { findOperator, removeTwoFactor } from "@/lib/db/queries/operators";
import { operatorIdSchema } from "@/lib/schemas/account-security";
import { msg } from "@/lib/i18n/message";

export const resetOperatorTwoFactorAction = operatorAction(
  { name: "operator.reset_two_factor", capability: "manageOperators", wholeMerchant: true, input: operatorIdSchema, stepUp: true },
  async ({ userId }, { db, operator }) => {
    const target = await findOperator(db, userId);
    if (!target) return { ok: false, code: "INVALID_INPUT", error: msg("errors.operator.gone") };
    if (userId === operator.id) return { ok: false, code: "INVALID_INPUT", error: msg("errors.operator.resetOwnTwoFactor") };
    await removeTwoFactor(db, userId);
    await endAllSessionsOf(db, userId);
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "operator.reset_two_factor",
      outcome: "success",
      target: { type: "operator", id: userId },
      details: { email: target.email },
    });
    revalidatePath("/operators");
    return { ok: true, data: { id: userId } };
  },
);
