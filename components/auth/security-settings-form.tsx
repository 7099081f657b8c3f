"use client";
// The admin's security policy form: roles that must use two-factor (always admin and finance),
// idle timeout, absolute lifetime.
import { translateFieldErrorMap } from "@/lib/forms/form-feedback";
import { translateMessage } from "@/lib/i18n/message";
import { useState } from "react";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { updateSecuritySettingsAction } from "@/lib/actions/update-security-settings-action";
import { alwaysTwoFactorRoles, operatorRoles, type OperatorRole } from "@/lib/vocabulary/operator-roles";
import type { SecurityPolicy } from "@/lib/auth/security-settings";
import type { ClientMessages } from "@/lib/i18n/client-messages";

export function SecuritySettingsForm({ t, policy }: { t: ClientMessages<"securitySettingsForm">; policy: SecurityPolicy }) {
  const [roles, setRoles] = useState<OperatorRole[]>(policy.twoFactorRequiredRoles);
  const [idle, setIdle] = useState(String(policy.idleTimeoutMinutes));
  const [absolute, setAbsolute] = useState(String(policy.absoluteLifetimeMinutes));
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string }>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const { runWithStepUp, stepUpDialog } = useStepUp(t);

  return (
    <>
      <form
        noValidate
        className="max-w-md space-y-4"
        aria-label={t["securitySettings.title"]}
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setMessage(undefined);
          const result = await runWithStepUp(() =>
            updateSecuritySettingsAction({
              // Admin and finance are always sent: their boxes cannot be cleared.
              twoFactorRequiredRoles: [...new Set([...alwaysTwoFactorRoles, ...roles])],
              idleTimeoutMinutes: idle,
              absoluteLifetimeMinutes: absolute,
            }),
          );
          setBusy(false);
          setFieldErrors(result.ok ? {} : translateFieldErrorMap(result.fieldErrors, t));
          setMessage(
            result.ok ? { kind: "success", text: t["securitySettings.saved"] } : { kind: "error", text: translateMessage(t, result.error) },
          );
        }}
      >
        {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t["securitySettings.requiredRoles"]}</legend>
          <p id="required-roles-hint" className="text-sm text-slate-600">
            {t["securitySettings.requiredRolesHint"]}
          </p>
          {operatorRoles.map((role) => {
            const fixed = (alwaysTwoFactorRoles as readonly OperatorRole[]).includes(role);
            return (
              <label key={role} className="mr-4 inline-flex items-center gap-2">
                <input
                  type="checkbox"
                  aria-describedby="required-roles-hint"
                  checked={fixed || roles.includes(role)}
                  disabled={fixed}
                  onChange={(event) => setRoles(event.target.checked ? [...roles, role] : roles.filter((r) => r !== role))}
                />
                {t[`role.${role}`]}
              </label>
            );
          })}
          {fieldErrors.twoFactorRequiredRoles?.[0] ? <p className="text-sm text-red-700">{fieldErrors.twoFactorRequiredRoles[0]}</p> : null}
        </fieldset>
        <TextField
          id="idle-timeout"
          inputMode="numeric"
          label={t["securitySettings.idle"]}
          value={idle}
          onChange={(event) => setIdle(event.target.value)}
          error={fieldErrors.idleTimeoutMinutes?.[0]}
        />
        <TextField
          id="absolute-lifetime"
          inputMode="numeric"
          label={t["securitySettings.absolute"]}
          value={absolute}
          onChange={(event) => setAbsolute(event.target.value)}
          error={fieldErrors.absoluteLifetimeMinutes?.[0]}
        />
        <Button type="submit" disabled={busy}>
          {t["securitySettings.save"]}
        </Button>
      </form>
      {stepUpDialog}
    </>
  );
}
