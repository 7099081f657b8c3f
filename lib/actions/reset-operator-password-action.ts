"use server";
// An admin gives an operator a temporary password (told to them out of band). Their sessions end,
// and at their next sign-in they must choose a new password before anything else.
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { getAuth } from "@/lib/auth/auth";
import { endAllSessionsOf, updateOperatorSecurity } from "@/lib/db/queries/operator-security";
import { findOperator, setCredentialPasswordHash } from "@/lib/db/queries/operators";
import { resetOperatorPasswordSchema } from "@/lib/schemas/account-security";
import { msg } from "@/lib/i18n/message";

export const resetOperatorPasswordAction = operatorAction(
  { name: "operator.reset_password", capability: "manageOperators", wholeMerchant: true, input: resetOperatorPasswordSchema, stepUp: true },
  async ({ userId, temporaryPassword }, { db, operator }) => {
    const target = await findOperator(db, userId);
    if (!target) return { ok: false, code: "INVALID_INPUT", error: msg("errors.operator.gone") };
    const context = await (await getAuth()).$context;
    const hash = await context.password.hash(temporaryPassword);
    await setCredentialPasswordHash(db, userId, hash);
    await updateOperatorSecurity(db, userId, { mustChangePassword: true });
    await endAllSessionsOf(db, userId);
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "operator.reset_password",
      outcome: "success",
      target: { type: "operator", id: userId },
      details: { email: target.email },
    });
    revalidatePath("/operators");
    return { ok: true, data: { id: userId } };
  },
);
