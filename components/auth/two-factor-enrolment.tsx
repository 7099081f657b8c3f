"use client";
// Enrolling an authenticator app: a QR code and the same key to type by hand, the backup codes
// (shown this once), and the first code to prove it works. Re-enrolling asks for a step-up first.
import { useState } from "react";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { confirmTwoFactorEnrolmentAction } from "@/lib/actions/confirm-two-factor-enrolment-action";
import { startTwoFactorEnrolmentAction, type TwoFactorEnrolment as Enrolment } from "@/lib/actions/start-two-factor-enrolment-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { CopyButton } from "@/components/ui/copy-button";

export function TwoFactorEnrolment({
  t,
  reenrol,
  continueHref,
}: {
  t: ClientMessages<"twoFactorEnrolment">;
  reenrol: boolean;
  continueHref?: string;
}) {
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [done, setDone] = useState(false);
  const start = useActionForm({
    t,
    defaultValues: { password: "" },
    action: (values) => startTwoFactorEnrolmentAction(values),
    onSuccess: (started) => {
      start.form.reset();
      setEnrolment(started);
    },
  });
  // The first code proves the app works; no step-up (the password step just had one when it was needed).
  const confirm = useActionForm({
    t,
    stepUp: false,
    defaultValues: { code: "" },
    action: (values) => confirmTwoFactorEnrolmentAction(values),
    onSuccess: () => {
      // A full page load: the session token changed, and the dashboard should start clean.
      if (continueHref) window.location.assign(continueHref);
      else setDone(true);
    },
  });
  // One message per step: the field's own when the action names it, else the action's.
  const startError = start.form.formState.errors.password?.message ?? start.message?.text;
  const confirmError = confirm.form.formState.errors.code?.message ?? confirm.message?.text;

  if (done) return <FormMessage kind="success">{t["enrol.done"]}</FormMessage>;

  if (!enrolment) {
    return (
      <>
        <form
          ref={start.formRef}
          noValidate
          className="max-w-md space-y-3"
          aria-label={reenrol ? t["enrol.restart"] : t["enrol.start"]}
          onSubmit={start.onSubmit}
        >
          {reenrol ? <p className="text-sm text-slate-700">{t["enrol.restartWarning"]}</p> : null}
          <TextField
            id="enrol-password"
            type="password"
            autoComplete="current-password"
            label={t["enrol.password"]}
            error={startError}
            {...start.form.register("password")}
          />
          <Button type="submit" disabled={start.pending}>
            {reenrol ? t["enrol.restart"] : t["enrol.start"]}
          </Button>
        </form>
        {start.stepUpDialog}
      </>
    );
  }

  return (
    <form ref={confirm.formRef} noValidate className="space-y-4" aria-label={t["enrol.title"]} onSubmit={confirm.onSubmit}>
      <p className="font-medium">{t["enrol.scan"]}</p>
      <img src={enrolment.qrCodeDataUrl} alt={t["enrol.qrAlt"]} width={220} height={220} />
      <p className="text-sm">{t["enrol.manualKey"]}</p>
      <p>
        <code className="break-all rounded bg-slate-100 px-2 py-1 text-sm" data-testid="manual-key">
          {enrolment.manualKey}
        </code>
      </p>
      <section aria-labelledby="backup-codes-heading" className="space-y-2 rounded-md border border-amber-400 bg-amber-50 p-3">
        <h2 id="backup-codes-heading" className="font-semibold">
          {t["enrol.backupTitle"]}
        </h2>
        <p className="text-sm text-slate-800">{t["enrol.backupIntro"]}</p>
        <ul className="grid grid-cols-2 gap-1 font-mono" data-testid="backup-codes">
          {enrolment.backupCodes.map((backupCode) => (
            <li key={backupCode}>{backupCode}</li>
          ))}
        </ul>
        <CopyButton
          text={enrolment.backupCodes.join("\n")}
          label={t["enrol.copyBackupCodes"]}
          copiedMessage={t["ui.copied"]}
          failedMessage={t["ui.copyFailed"]}
        />
      </section>
      <FormMessage kind="error">{confirmError}</FormMessage>
      <TextField
        id="enrol-code"
        label={t["enrol.codeLabel"]}
        inputMode="numeric"
        autoComplete="one-time-code"
        {...confirm.form.register("code")}
      />
      <Button type="submit" disabled={confirm.pending}>
        {t["enrol.confirm"]}
      </Button>
    </form>
  );
}
