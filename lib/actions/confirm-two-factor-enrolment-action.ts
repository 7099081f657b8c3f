"use server";
// Finishes enrolling: the first code from the new authenticator proves it works. Only then is the
// new secret used at sign-in. better-auth issues a new session token when two-factor turns on.
import { headers } from "next/headers";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { getAuth } from "@/lib/auth/auth";
import { secondFactorRefusal } from "@/lib/auth/second-factor-errors";
import { totpCodeSchema } from "@/lib/schemas/account-security";

export const confirmTwoFactorEnrolmentAction = operatorAction(
  { name: "auth.two_factor.enrol", capability: "read", input: totpCodeSchema, allowPending: true },
  async ({ code }, { db, operator }) => {
    const auth = await getAuth();
    try {
      await auth.api.verifyTOTP({ body: { code }, headers: await headers() });
    } catch (error) {
      const refusal = secondFactorRefusal(error);
      if (!refusal) throw error;
      await recordAuditEvent(db, {
        actor: { id: operator.id, email: operator.email },
        action: "auth.two_factor.enrol",
        outcome: "failure",
        details: { reason: refusal.reason },
      });
      return { ok: false, code: "INVALID_INPUT", error: refusal.message, fieldErrors: { code: [refusal.message] } };
    }
    await recordAuditEvent(db, { actor: { id: operator.id, email: operator.email }, action: "auth.two_factor.enrol", outcome: "success" });
    return { ok: true, data: { enrolled: true } };
  },
);
