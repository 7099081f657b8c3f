"use client";
// Enrolling an authenticator app: a QR code and the same key to type by hand, the backup codes
// (shown this once), and the first code to prove it works. Re-enrolling asks for a step-up first.
import { translateMessage } from "@/lib/i18n/message";
import { useState } from "react";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { confirmTwoFactorEnrolmentAction } from "@/lib/actions/confirm-two-factor-enrolment-action";
import { startTwoFactorEnrolmentAction, type TwoFactorEnrolment as Enrolment } from "@/lib/actions/start-two-factor-enrolment-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";

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
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { runWithStepUp, stepUpDialog } = useStepUp(t);

  if (done) return <FormMessage kind="success">{t["enrol.done"]}</FormMessage>;

  if (!enrolment) {
    return (
      <>
        <form
          noValidate
          className="max-w-md space-y-3"
          aria-label={reenrol ? t["enrol.restart"] : t["enrol.start"]}
          onSubmit={async (event) => {
            event.preventDefault();
            setBusy(true);
            setError(undefined);
            const result = await runWithStepUp(() => startTwoFactorEnrolmentAction({ password }));
            setBusy(false);
            if (result.ok) {
              setPassword("");
              setEnrolment(result.data);
            } else setError(translateMessage(t, result.fieldErrors?.password?.[0] ?? result.error));
          }}
        >
          {reenrol ? <p className="text-sm text-slate-700">{t["enrol.restartWarning"]}</p> : null}
          <TextField
            id="enrol-password"
            type="password"
            autoComplete="current-password"
            label={t["enrol.password"]}
            error={error}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" disabled={busy}>
            {reenrol ? t["enrol.restart"] : t["enrol.start"]}
          </Button>
        </form>
        {stepUpDialog}
      </>
    );
  }

  return (
    <form
      noValidate
      className="space-y-4"
      aria-label={t["enrol.title"]}
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setError(undefined);
        const result = await confirmTwoFactorEnrolmentAction({ code });
        setBusy(false);
        // A full page load: the session token changed, and the dashboard should start clean.
        if (result.ok && continueHref) window.location.assign(continueHref);
        else if (result.ok) setDone(true);
        else setError(translateMessage(t, result.fieldErrors?.code?.[0] ?? result.error));
      }}
    >
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
      </section>
      <FormMessage kind="error">{error}</FormMessage>
      <TextField
        id="enrol-code"
        label={t["enrol.codeLabel"]}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {t["enrol.confirm"]}
      </Button>
    </form>
  );
}
