"use client";
// The daily summary's settings on the Statements page (admins): on/off, the São Paulo time, and
// which operators receive it.
import { useState, useTransition } from "react";
import { saveDailySummaryAction } from "@/lib/actions/save-daily-summary-action";

export function DailySummaryForm({
  initial,
  operators,
  labels,
}: {
  initial: { enabled: boolean; sendAt: string; recipientUserIds: string[] };
  operators: Array<{ id: string; label: string }>;
  labels: {
    heading: string;
    intro: string;
    enabled: string;
    sendAt: string;
    recipients: string;
    save: string;
    saved: string;
    failed: string;
  };
}) {
  const [enabled, setEnabled] = useState(initial.enabled);
  const [sendAt, setSendAt] = useState(initial.sendAt);
  const [recipients, setRecipients] = useState(new Set(initial.recipientUserIds));
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  return (
    <form
      aria-labelledby="daily-summary-heading"
      className="max-w-3xl space-y-3 rounded-lg border border-slate-300 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          const result = await saveDailySummaryAction({ enabled, sendAt, recipientUserIds: [...recipients] });
          setMessage(result.ok ? { text: labels.saved, error: false } : { text: labels.failed, error: true });
        });
      }}
    >
      <h2 id="daily-summary-heading" className="text-lg font-semibold">
        {labels.heading}
      </h2>
      <p className="text-sm text-slate-700">{labels.intro}</p>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        {labels.enabled}
      </label>
      <label className="flex flex-col text-sm font-medium">
        {labels.sendAt}
        <input
          type="time"
          value={sendAt}
          onChange={(event) => setSendAt(event.target.value)}
          className="w-32 rounded-md border border-slate-400 px-2 py-1"
        />
      </label>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">{labels.recipients}</legend>
        {operators.map((operator) => (
          <label key={operator.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={recipients.has(operator.id)}
              onChange={(event) => {
                const next = new Set(recipients);
                if (event.target.checked) next.add(operator.id);
                else next.delete(operator.id);
                setRecipients(next);
              }}
            />
            {operator.label}
          </label>
        ))}
      </fieldset>
      <button
        type="submit"
        disabled={pending}
        className="rounded-md border border-slate-500 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-100 disabled:opacity-60"
      >
        {labels.save}
      </button>
      {message ? (
        <p role={message.error ? "alert" : "status"} className={message.error ? "text-sm text-red-700" : "text-sm text-emerald-800"}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
