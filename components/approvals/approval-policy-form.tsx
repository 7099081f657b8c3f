"use client";
// The admin's approval policy form: threshold, daily limits, request lifetime. Checked with the
// action's zod schema in the browser and again on the server.
import { translateFieldErrorMap } from "@/lib/forms/form-feedback";
import { translateMessage } from "@/lib/i18n/message";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { saveApprovalPolicyAction } from "@/lib/actions/save-approval-policy-action";
import { fill } from "@/lib/i18n/fill";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import type { ApprovalPolicyInput } from "@/lib/schemas/approval-policy";

export function ApprovalPolicyForm({
  initial,
  defaultThreshold,
  t,
}: {
  initial: ApprovalPolicyInput;
  defaultThreshold: string;
  t: ClientMessages<"approvalPolicyForm">;
}) {
  const router = useRouter();
  // Changing these settings asks for a fresh second factor (lib/auth/step-up.ts).
  const { runWithStepUp, stepUpDialog } = useStepUp(t);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string }>();
  const [saving, setSaving] = useState(false);
  const field = (name: keyof ApprovalPolicyInput) => ({
    value: String(values[name] ?? ""),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: event.target.value }),
    error: errors[name]?.[0],
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    setMessage(undefined);
    try {
      const result = await runWithStepUp(() => saveApprovalPolicyAction(values));
      setErrors(result.ok ? {} : translateFieldErrorMap(result.fieldErrors, t));
      setMessage(result.ok ? { kind: "success", text: t["policy.saved"] } : { kind: "error", text: translateMessage(t, result.error) });
      if (result.ok) router.refresh();
    } catch {
      setMessage({ kind: "error", text: t["cashOut.review.unreachable"] });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-xl space-y-4 rounded-lg border border-slate-300 bg-white p-5">
      {stepUpDialog}
      <TextField
        id="approval-threshold"
        label={t["policy.threshold"]}
        hint={fill(t["policy.thresholdHint"], { default: defaultThreshold })}
        inputMode="decimal"
        {...field("approvalThreshold")}
      />
      <TextField
        id="operator-daily-limit"
        label={t["policy.operatorLimit"]}
        hint={t["policy.limitHint"]}
        inputMode="decimal"
        {...field("operatorDailyLimit")}
      />
      <TextField
        id="merchant-daily-limit"
        label={t["policy.merchantLimit"]}
        hint={t["policy.limitHint"]}
        inputMode="decimal"
        {...field("merchantDailyLimit")}
      />
      <TextField id="request-lifetime-hours" label={t["policy.lifetime"]} inputMode="numeric" {...field("requestLifetimeHours")} />
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <Button type="submit" disabled={saving}>
        {saving ? t["policy.saving"] : t["policy.save"]}
      </Button>
    </form>
  );
}
