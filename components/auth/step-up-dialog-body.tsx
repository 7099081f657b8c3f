"use client";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { type CodeMethod, CodeMethodSwitch, useCodeEntry } from "@/components/auth/code-method-switch";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { stepUpAction } from "@/lib/actions/step-up-action";
import { stepUpOptionsAction } from "@/lib/actions/step-up-options-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";

/** The dialog's messages, with the step-up action's errors. */
export type StepUpMessages = ClientMessages<"stepUpDialog">;

export default function StepUpDialog({ t, onClose }: { t: StepUpMessages; onClose: (confirmed: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { method, setMethod, code, field: codeField, switchTo } = useCodeEntry<CodeMethod | "password" | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
    void stepUpOptionsAction({}).then((result) => setMethod(result.ok && !result.data.twoFactorEnabled ? "password" : "totp"));
  }, [setMethod]);

  const label = method === "password" ? t["stepUp.passwordLabel"] : method === "backup" ? t["stepUp.backupLabel"] : t["stepUp.codeLabel"];
  // A portal keeps the dialog's form out of the caller's form (forms cannot nest).
  return createPortal(
    <dialog
      ref={dialog}
      aria-labelledby="step-up-title"
      aria-describedby="step-up-intro"
      className="m-auto w-full max-w-sm rounded-lg border border-slate-300 bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
      onCancel={(event) => {
        event.preventDefault();
        onClose(false);
      }}
    >
      <h2 id="step-up-title" className="mb-2 text-lg font-bold">
        {t["stepUp.title"]}
      </h2>
      <p id="step-up-intro" className="mb-4 text-sm text-slate-700">
        {t["stepUp.intro"]}
      </p>
      {method ? (
        <form
          noValidate
          className="space-y-4"
          onSubmit={async (event) => {
            event.preventDefault();
            // React events bubble through portals to the caller's own form: keep this one to itself.
            event.stopPropagation();
            setBusy(true);
            setError(undefined);
            const result = await stepUpAction({ method, code });
            setBusy(false);
            if (result.ok) onClose(true);
            else setError(result.message);
          }}
        >
          <FormMessage kind="error">{error}</FormMessage>
          <TextField
            id="step-up-code"
            label={label}
            type={method === "password" ? "password" : "text"}
            inputMode={method === "totp" ? "numeric" : undefined}
            autoComplete={method === "password" ? "current-password" : "one-time-code"}
            autoFocus
            {...codeField}
          />
          {method !== "password" ? (
            <CodeMethodSwitch method={method} onSwitch={switchTo} useBackupLabel={t["stepUp.useBackup"]} useAppLabel={t["stepUp.useApp"]} />
          ) : null}
          <div className="flex gap-3">
            <Button type="submit" disabled={busy}>
              {t["stepUp.submit"]}
            </Button>
            <Button type="button" variant="secondary" onClick={() => onClose(false)}>
              {t["stepUp.cancel"]}
            </Button>
          </div>
        </form>
      ) : null}
    </dialog>,
    document.body,
  );
}
