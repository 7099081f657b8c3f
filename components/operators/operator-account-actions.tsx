"use client";
// Offboarding and recovery for one operator: disable / enable, an admin-issued temporary password,
// and removing a lost authenticator. Each asks for a step-up when the session needs one.
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useState } from "react";
import { useStepUpAction } from "@/components/auth/use-step-up-action";
import { InlineStatus } from "@/components/ui/inline-status";
import type { ActionAnswer } from "@/lib/actions/operator-action";
import { disableOperatorAction } from "@/lib/actions/disable-operator-action";
import { enableOperatorAction } from "@/lib/actions/enable-operator-action";
import { resetOperatorPasswordAction } from "@/lib/actions/reset-operator-password-action";
import { resetOperatorTwoFactorAction } from "@/lib/actions/reset-operator-two-factor-action";
import { fill } from "@/lib/i18n/fill";
import type { ClientMessages } from "@/lib/i18n/client-messages";

type Props = {
  userId: string;
  email: string;
  disabled: boolean;
  twoFactorEnabled: boolean;
  isMe: boolean;
  t: ClientMessages<"operatorAccountActions">;
};

export function OperatorAccountActions({ userId, email, disabled, twoFactorEnabled, isMe, t }: Props) {
  const [showReset, setShowReset] = useState(false);
  const [temporaryPassword, setTemporaryPassword] = useState("");
  const { run: runAction, message, pending, stepUpDialog } = useStepUpAction(t);

  const run = (action: () => Promise<ActionAnswer<unknown>>, success: string) =>
    runAction(action, { success, onSuccess: () => setShowReset(false) });
  const buttonClass = "rounded-md border border-slate-400 px-2 py-1 text-sm font-medium hover:bg-slate-100 disabled:text-slate-500";

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {disabled ? (
          <button
            type="button"
            className={buttonClass}
            disabled={pending}
            aria-label={`${t["operators.enable"]}: ${email}`}
            onClick={() => run(() => enableOperatorAction({ userId }), t["operators.enabledDone"])}
          >
            {t["operators.enable"]}
          </button>
        ) : (
          // Disabling ends every session of the operator at once: confirmed first.
          <ConfirmDialog
            trigger={
              <button type="button" className={buttonClass} disabled={pending || isMe} aria-label={`${t["operators.disable"]}: ${email}`}>
                {t["operators.disable"]}
              </button>
            }
            title={fill(t["operators.disableConfirm.title"], { email })}
            description={t["operators.disableConfirm.body"]}
            confirmLabel={t["operators.disableConfirm.confirm"]}
            cancelLabel={t["ui.cancel"]}
            onConfirm={() => run(() => disableOperatorAction({ userId }), t["operators.disabledDone"])}
          />
        )}
        <button
          type="button"
          className={buttonClass}
          disabled={pending || isMe}
          aria-expanded={showReset}
          aria-label={`${t["operators.resetPassword"]}: ${email}`}
          onClick={() => setShowReset(!showReset)}
        >
          {t["operators.resetPassword"]}
        </button>
        {twoFactorEnabled && !isMe ? (
          <button
            type="button"
            className={buttonClass}
            disabled={pending}
            aria-label={`${t["operators.resetTwoFactor"]}: ${email}`}
            onClick={() => run(() => resetOperatorTwoFactorAction({ userId }), t["operators.resetTwoFactorDone"])}
          >
            {t["operators.resetTwoFactor"]}
          </button>
        ) : null}
      </div>
      {showReset ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            run(() => resetOperatorPasswordAction({ userId, temporaryPassword }), t["operators.resetPasswordDone"]);
          }}
        >
          <label className="text-sm">
            {fill(t["operators.temporaryPassword"], { email })}
            <input
              type="password"
              autoComplete="new-password"
              value={temporaryPassword}
              onChange={(event) => setTemporaryPassword(event.target.value)}
              className="mt-1 block rounded-md border border-slate-400 px-2 py-1"
            />
          </label>
          <button type="submit" className={buttonClass} disabled={pending}>
            {t["operators.resetPassword"]}
          </button>
        </form>
      ) : null}
      <InlineStatus message={message} />
      {stepUpDialog}
    </div>
  );
}
