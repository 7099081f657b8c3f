"use client";
// The alert rules form: each rule on or off, and its threshold. The daily-limit rule says it is
// skipped while no limits exist. Validated by the same schema on the server.
import { useRouter } from "next/navigation";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { updateAlertRulesAction } from "@/lib/actions/update-alert-rules-action";
import type { AlertRuleKey } from "@/lib/vocabulary/alert-kinds";
import { ruleThresholds } from "@/lib/alerts/rule-thresholds";
import type { ClientMessages } from "@/lib/i18n/client-messages";

type RuleRow = { rule: AlertRuleKey; enabled: boolean; threshold: number | null };
/** A row as typed: the threshold is text until it is sent. */
type RuleValues = { rules: Array<{ rule: AlertRuleKey; enabled: boolean; threshold: string }> };

export function AlertRulesForm({
  rules,
  limitsConfigured,
  t,
}: {
  rules: RuleRow[];
  limitsConfigured: boolean;
  t: ClientMessages<"alertRulesForm">;
}) {
  const router = useRouter();
  // Changing these settings asks for a fresh second factor (lib/auth/step-up.ts).
  const { form, formRef, onSubmit, pending, message, stepUpDialog } = useActionForm({
    t,
    defaultValues: {
      rules: rules.map<RuleValues["rules"][number]>((row) => ({ ...row, threshold: row.threshold === null ? "" : String(row.threshold) })),
    },
    action: (values) =>
      updateAlertRulesAction({
        rules: values.rules.map((row) => ({
          rule: row.rule,
          enabled: row.enabled,
          threshold: ruleThresholds[row.rule] ? (row.threshold.trim() === "" ? null : Number(row.threshold)) : null,
        })),
      }),
    success: t["alertSettings.rules.saved"],
    onSuccess: () => router.refresh(),
  });
  const { register, formState } = form;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="rules-title" className="space-y-3">
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      {stepUpDialog}
      {rules.map((row, index) => {
        const bounds = ruleThresholds[row.rule];
        const error = formState.errors.rules?.[index]?.threshold?.message;
        const skipped = row.rule === "daily_limit_near" && !limitsConfigured;
        return (
          <fieldset key={row.rule} className="rounded-md border border-slate-300 p-3" data-testid={`rule-${row.rule}`}>
            <legend className="px-1 font-medium">{t[`alertSettings.rule.${row.rule}`]}</legend>
            <div className="flex flex-wrap items-end gap-4">
              <label className="flex items-center gap-2">
                <input type="checkbox" {...register(`rules.${index}.enabled`)} />
                {t["alertSettings.rules.enabled"]}
              </label>
              {bounds ? (
                <div>
                  <label htmlFor={`threshold-${row.rule}`} className="block text-sm font-medium">
                    {bounds.unit === "minutes" ? t["alertSettings.rules.minutes"] : t["alertSettings.rules.percent"]}
                  </label>
                  <input
                    id={`threshold-${row.rule}`}
                    inputMode="numeric"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `threshold-${row.rule}-error` : undefined}
                    {...register(`rules.${index}.threshold`)}
                    className="mt-1 w-28 rounded-md border border-slate-400 bg-white px-3 py-2"
                  />
                  {error ? (
                    <p id={`threshold-${row.rule}-error`} className="mt-1 text-sm text-red-700">
                      {error}
                    </p>
                  ) : null}
                </div>
              ) : (
                <p className="text-sm text-slate-700">{t["alertSettings.rules.noThreshold"]}</p>
              )}
            </div>
            {skipped ? (
              <p className="mt-2 text-sm text-amber-900" data-testid="limits-not-configured">
                {t["alertSettings.rules.limitsNotConfigured"]}
              </p>
            ) : null}
          </fieldset>
        );
      })}
      <Button type="submit" disabled={pending}>
        {t["alertSettings.rules.save"]}
      </Button>
    </form>
  );
}
