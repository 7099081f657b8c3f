"use server";
// Starts enrolling an authenticator app: a new TOTP secret (as a QR code and a manual key) and new
// backup codes, shown this once. Re-enrolling (an operator who already has two-factor) needs a
// step-up first, and the old authenticator and backup codes stop working at once.
import { headers } from "next/headers";
import QRCode from "qrcode";
import { operatorAction } from "@/lib/actions/operator-action";
import { recordAuditEvent } from "@/lib/audit";
import { getAuth } from "@/lib/auth/auth";
import { hasRecentStepUp } from "@/lib/auth/step-up";
import { markTwoFactorUnverified } from "@/lib/db/queries/operators";
import { startEnrolmentSchema } from "@/lib/schemas/account-security";
import { msg } from "@/lib/i18n/message";

export type TwoFactorEnrolment = { qrCodeDataUrl: string; manualKey: string; backupCodes: string[] };

export const startTwoFactorEnrolmentAction = operatorAction(
  { name: "auth.two_factor.enrol_start", capability: "read", input: startEnrolmentSchema, allowPending: true },
  async ({ password }, { db, operator }) => {
    if (operator.twoFactorEnabled && !(await hasRecentStepUp(operator))) {
      return { ok: false, code: "STEP_UP_REQUIRED", error: msg("errors.action.stepUpRequired") };
    }
    const auth = await getAuth();
    const requestHeaders = await headers();
    // Checked before anything changes: a wrong password must not leave the old authenticator half-replaced.
    const passwordOk = await auth.api.verifyPassword({ body: { password }, headers: requestHeaders }).then(
      () => true,
      () => false,
    );
    if (!passwordOk) {
      await recordAuditEvent(db, {
        actor: { id: operator.id, email: operator.email },
        action: "auth.two_factor.enrol_start",
        outcome: "failure",
        details: { reason: "wrong_password" },
      });
      return {
        ok: false,
        code: "INVALID_INPUT",
        error: msg("errors.password.wrong"),
        fieldErrors: { password: [msg("errors.password.wrong")] },
      };
    }
    // better-auth refuses to enrol over a verified secret; marking it unverified lets it replace it.
    if (operator.twoFactorEnabled) await markTwoFactorUnverified(db, operator.id);
    const enrolment = await auth.api.enableTwoFactor({ body: { method: "totp", password }, headers: requestHeaders });
    if (!("totpURI" in enrolment) || !enrolment.totpURI) throw new Error("two-factor enrolment returned no TOTP URI");
    const manualKey = new URL(enrolment.totpURI).searchParams.get("secret") ?? "";
    await recordAuditEvent(db, {
      actor: { id: operator.id, email: operator.email },
      action: "auth.two_factor.enrol_start",
      outcome: "success",
      details: { reenrol: operator.twoFactorEnabled },
    });
    return {
      ok: true,
      data: {
        qrCodeDataUrl: await QRCode.toDataURL(enrolment.totpURI, { margin: 1, width: 220 }),
        manualKey: manualKey.replace(/(.{4})/g, "$1 ").trim(),
        backupCodes: enrolment.backupCodes ?? [],
      },
    };
  },
);
