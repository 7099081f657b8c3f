"use server";
import { isAPIError } from "better-auth/api";
import { revalidatePath } from "next/cache";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { getAuth } from "@/lib/auth/auth";
import { createOperatorSchema } from "@/lib/schemas/operator";
import { msg } from "@/lib/i18n/message";

export const createOperatorAction = operatorAction(
  { name: "operator.create", capability: "manageOperators", wholeMerchant: true, input: createOperatorSchema, stepUp: true },
  async ({ name, email, password, role }, { db, operator }) => {
    const auth = await getAuth();
    try {
      // Called without request headers on purpose: our own role check above is the guard, and
      // this way better-auth does not switch the admin's session to the new user.
      const created = await auth.api.createUser({ body: { name, email, password, role } });
      await recordAuditEvent(db, {
        actor: { id: operator.id, email: operator.email },
        action: "operator.create",
        outcome: "success",
        target: { type: "operator", id: created.user.id },
        details: { email, role },
      });
      revalidatePath("/operators");
      return { ok: true, data: { id: created.user.id } };
    } catch (error) {
      if (isAPIError(error) && error.statusCode === 400) {
        await recordAuditEvent(db, {
          actor: { id: operator.id, email: operator.email },
          action: "operator.create",
          outcome: "failure",
          details: { email, role, reason: error.message },
        });
        return {
          ok: false,
          code: "INVALID_INPUT",
          error: msg("errors.operator.emailTaken"),
          fieldErrors: { email: [msg("errors.operator.emailTaken")] },
        };
      }
      throw error;
    }
  },
);
