"use client";
// The admin's approval policy form: threshold, daily limits, request lifetime. Checked by the
// action's zod schema on the server; its messages land on the fields (the form hook).
import { useRouter } from "next/navigation";
import { useActionForm } from "@/components/forms/use-action-form";
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
  stores = [],
  t,
}: {
  initial: ApprovalPolicyInput;
  defaultThreshold: string;
  /** The stores, each with its own threshold and limit fields (`initial.storeApprovalThresholds`, `storeDailyLimits`), when there are several (issue #49). */
  stores?: Array<{ id: string; name: string }>;
  t: ClientMessages<"approvalPolicyForm">;
}) {
  const router = useRouter();
  // Changing these settings asks for a fresh second factor (lib/auth/step-up.ts).
  const { form, formRef, onSubmit, pending, message, stepUpDialog } = useActionForm({
    t,
    defaultValues: initial,
    action: (values) => saveApprovalPolicyAction(values),
    success: t["policy.saved"],
    onSuccess: () => router.refresh(),
    unreachable: t["cashOut.review.unreachable"],
  });
  const field = (name: Exclude<keyof ApprovalPolicyInput, "storeDailyLimits" | "storeApprovalThresholds">) => ({
    error: form.formState.errors[name]?.message,
    ...form.register(name),
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="max-w-xl space-y-4 rounded-lg border border-slate-300 bg-white p-5">
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
      {stores.length > 1 ? (
        <fieldset className="space-y-3 rounded-md border border-slate-300 p-4" aria-describedby="store-limits-hint">
          <legend className="px-1 font-semibold">{t["policy.storeLimits"]}</legend>
          <p id="store-limits-hint" className="text-sm text-slate-700">
            {t["policy.storeLimitsHint"]}
          </p>
          {stores.map((store) => (
            <fieldset key={store.id} className="grid gap-3 sm:grid-cols-2">
              <legend className="mb-1 font-medium" translate="no">
                {store.name}
              </legend>
              <TextField
                id={`store-approval-threshold-${store.id}`}
                label={t["policy.storeThreshold"]}
                inputMode="decimal"
                error={form.formState.errors.storeApprovalThresholds?.[store.id]?.message}
                {...form.register(`storeApprovalThresholds.${store.id}`)}
              />
              <TextField
                id={`store-daily-limit-${store.id}`}
                label={t["policy.storeLimit"]}
                inputMode="decimal"
                error={form.formState.errors.storeDailyLimits?.[store.id]?.message}
                {...form.register(`storeDailyLimits.${store.id}`)}
              />
            </fieldset>
          ))}
        </fieldset>
      ) : null}
      <TextField id="request-lifetime-hours" label={t["policy.lifetime"]} inputMode="numeric" {...field("requestLifetimeHours")} />
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <Button type="submit" disabled={pending}>
        {pending ? t["policy.saving"] : t["policy.save"]}
      </Button>
    </form>
  );
}
