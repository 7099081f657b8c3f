"use server";
// An operator changes their own password: the current one, and a step-up. Every other session of
// theirs ends; this one gets a new token. Also how an operator replaces an admin-issued password.
import { isAPIError } from "better-auth/api";
import { headers } from "next/headers";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { getAuth } from "@/lib/auth/auth";
import { updateOperatorSecurity } from "@/lib/db/queries/operator-security";
import { changePasswordSchema } from "@/lib/schemas/account-security";
import { msg } from "@/lib/i18n/message";

export const changeOwnPasswordAction = operatorAction(
  { name: "auth.password_change", capability: "read", input: changePasswordSchema, stepUp: true, allowPending: true },
  async ({ currentPassword, newPassword }, { db, operator }) => {
    const auth = await getAuth();
    try {
      await auth.api.changePassword({ body: { currentPassword, newPassword, revokeOtherSessions: true }, headers: await headers() });
    } catch (error) {
      if (isAPIError(error) && (error.statusCode === 400 || error.statusCode === 401)) {
        await recordAuditEvent(db, {
          actor: { id: operator.id, email: operator.email },
          action: "auth.password_change",
          outcome: "failure",
          details: { reason: "wrong_current_password" },
        });
        return {
          ok: false,
          code: "INVALID_INPUT",
          error: msg("errors.password.currentWrong"),
          fieldErrors: { currentPassword: [msg("errors.password.currentWrong")] },
        };
      }
      throw error;
    }
    await updateOperatorSecurity(db, operator.id, { mustChangePassword: false });
    await recordAuditEvent(db, { actor: { id: operator.id, email: operator.email }, action: "auth.password_change", outcome: "success" });
    return { ok: true, data: { changed: true } };
  },
);
