"use client";
// The admin's security policy form: roles that must use two-factor (always admin and finance),
// idle timeout, absolute lifetime.
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { updateSecuritySettingsAction } from "@/lib/actions/update-security-settings-action";
import { alwaysTwoFactorRoles, operatorRoles, type OperatorRole } from "@/lib/vocabulary/operator-roles";
import type { SecurityPolicy } from "@/lib/auth/security-settings";
import type { ClientMessages } from "@/lib/i18n/client-messages";

export function SecuritySettingsForm({ t, policy }: { t: ClientMessages<"securitySettingsForm">; policy: SecurityPolicy }) {
  const { form, formRef, onSubmit, pending, message, stepUpDialog } = useActionForm({
    t,
    defaultValues: {
      twoFactorRequiredRoles: policy.twoFactorRequiredRoles as OperatorRole[],
      idleTimeoutMinutes: String(policy.idleTimeoutMinutes),
      absoluteLifetimeMinutes: String(policy.absoluteLifetimeMinutes),
    },
    action: (values) =>
      updateSecuritySettingsAction({
        ...values,
        // Admin and finance are always sent: their boxes cannot be cleared (nor are they registered).
        twoFactorRequiredRoles: [...new Set([...alwaysTwoFactorRoles, ...values.twoFactorRequiredRoles])],
      }),
    success: t["securitySettings.saved"],
  });
  const { register, formState } = form;
  const errors = formState.errors;

  return (
    <>
      <form ref={formRef} noValidate className="max-w-md space-y-4" aria-label={t["securitySettings.title"]} onSubmit={onSubmit}>
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
                  // The fixed roles stay checked and are not form values: the action always sends them.
                  {...(fixed ? { checked: true, disabled: true, readOnly: true } : { value: role, ...register("twoFactorRequiredRoles") })}
                />
                {t[`role.${role}`]}
              </label>
            );
          })}
          {errors.twoFactorRequiredRoles?.message ? <p className="text-sm text-red-700">{errors.twoFactorRequiredRoles.message}</p> : null}
        </fieldset>
        <TextField
          id="idle-timeout"
          inputMode="numeric"
          label={t["securitySettings.idle"]}
          error={errors.idleTimeoutMinutes?.message}
          {...register("idleTimeoutMinutes")}
        />
        <TextField
          id="absolute-lifetime"
          inputMode="numeric"
          label={t["securitySettings.absolute"]}
          error={errors.absoluteLifetimeMinutes?.message}
          {...register("absoluteLifetimeMinutes")}
        />
        <Button type="submit" disabled={pending}>
          {t["securitySettings.save"]}
        </Button>
      </form>
      {stepUpDialog}
    </>
  );
}
