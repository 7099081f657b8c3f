"use client";
// The daily summary's settings on the Statements page (admins): on/off, the São Paulo time, and
// which operators receive it. Submitted through the form hook; the action's schema checks it on the
// server only (a time field gives "HH:MM" or nothing): no resolver, so the page does not carry zod
// for one admin form (about 19 KiB gzip). The action never asks for a step-up.
import { useActionForm } from "@/components/forms/use-action-form";
import { FormMessage } from "@/components/ui/form-message";
import { saveDailySummaryAction } from "@/lib/actions/save-daily-summary-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import type { DailySummarySettingsInput } from "@/lib/schemas/daily-summary-settings";

export function DailySummaryForm({
  initial,
  operators,
  t,
}: {
  initial: DailySummarySettingsInput;
  operators: Array<{ id: string; label: string }>;
  t: ClientMessages<"dailySummaryForm">;
}) {
  const { form, formRef, onSubmit, pending, message } = useActionForm({
    t,
    stepUp: false,
    // A copy: the recipients' array is the form's own (the checkboxes write into it).
    defaultValues: { ...initial, recipientUserIds: [...initial.recipientUserIds] },
    action: (values) => saveDailySummaryAction(values),
    success: t["dailySummary.saved"],
    unreachable: t["errors.action.failed"],
  });
  const { register, formState } = form;
  const sendAtError = formState.errors.sendAt?.message;
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="daily-summary-heading"
      className="max-w-3xl space-y-3 rounded-lg border border-slate-300 bg-white p-4"
    >
      <h2 id="daily-summary-heading" className="text-lg font-semibold">
        {t["dailySummary.heading"]}
      </h2>
      <p className="text-sm text-slate-700">{t["dailySummary.intro"]}</p>
      <label className="flex items-center gap-2">
        <input type="checkbox" {...register("enabled")} />
        {t["dailySummary.enabled"]}
      </label>
      <label className="flex flex-col text-sm font-medium">
        {t["dailySummary.sendAt"]}
        <input
          type="time"
          aria-invalid={sendAtError ? true : undefined}
          aria-describedby={sendAtError ? "daily-summary-send-at-error" : undefined}
          className={`w-32 rounded-md border px-2 py-1 ${sendAtError ? "border-red-700" : "border-slate-400"}`}
          {...register("sendAt")}
        />
      </label>
      {sendAtError ? (
        <p id="daily-summary-send-at-error" className="text-sm text-red-700">
          {sendAtError}
        </p>
      ) : null}
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">{t["dailySummary.recipients"]}</legend>
        {operators.map((operator) => (
          <label key={operator.id} className="flex items-center gap-2 text-sm">
            {/* One name for every box: react-hook-form gathers the checked values into the array. */}
            <input type="checkbox" value={operator.id} {...register("recipientUserIds")} />
            {operator.label}
          </label>
        ))}
      </fieldset>
      <button
        type="submit"
        disabled={pending}
        className="rounded-md border border-slate-500 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-100 disabled:opacity-60"
      >
        {t["dailySummary.save"]}
      </button>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
    </form>
  );
}
