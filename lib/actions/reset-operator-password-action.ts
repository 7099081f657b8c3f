"use server";
// An admin gives an operator a temporary password (told to them out of band). Their sessions end,
// and at their next sign-in they must choose a new password before anything else.
import { and, eq } from "drizzle-orm";
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { getAuth } from "@/lib/auth/auth";
import { endAllSessionsOf, updateOperatorSecurity } from "@/lib/db/queries/operator-security";
import { account, user } from "@/lib/db/schema";
import { resetOperatorPasswordSchema } from "@/lib/schemas/account-security";
import { msg } from "@/lib/i18n/message";

export const resetOperatorPasswordAction = operatorAction(
  { name: "operator.reset_password", capability: "manageOperators", input: resetOperatorPasswordSchema, stepUp: true },
  async ({ userId, temporaryPassword }, { db, operator }) => {
    const [target] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, userId));
    if (!target) return { ok: false, code: "INVALID_INPUT", error: msg("errors.operator.gone") };
    const context = await (await getAuth()).$context;
    const hash = await context.password.hash(temporaryPassword);
    await db
      .update(account)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
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
