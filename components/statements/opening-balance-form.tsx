"use client";
// The opening balance on the Statements page (admins): one amount in reais, set once through the
// audited action; afterwards the page shows who set it and when instead of this form.
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { setOpeningBalanceAction } from "@/lib/actions/set-opening-balance-action";

export function OpeningBalanceForm({
  labels,
}: {
  labels: { heading: string; intro: string; amount: string; save: string; saved: string; errors: Record<string, string>; failed: string };
}) {
  const router = useRouter();
  const inputId = useId();
  const [amount, setAmount] = useState("");
  const { run, pending, message } = useActionMutation({ stepUp: false });
  return (
    <form
      aria-labelledby={`${inputId}-heading`}
      className="max-w-3xl space-y-3 rounded-lg border border-slate-300 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        run(() => setOpeningBalanceAction({ amount }), {
          success: labels.saved,
          failure: (failure) => {
            const field = failure.fieldErrors?.amount?.[0];
            return labels.errors[(field ?? failure.error).split("?")[0]!] ?? labels.failed;
          },
          onSuccess: () => router.refresh(),
        });
      }}
    >
      <h2 id={`${inputId}-heading`} className="text-lg font-semibold">
        {labels.heading}
      </h2>
      <p className="text-sm text-slate-700">{labels.intro}</p>
      <label htmlFor={inputId} className="flex flex-col text-sm font-medium">
        {labels.amount}
        <input
          id={inputId}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          className="max-w-xs rounded-md border border-slate-400 px-2 py-1"
          data-testid="opening-balance-amount"
        />
      </label>
      <button
        type="submit"
        disabled={pending}
        className="rounded-md border border-slate-500 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-100 disabled:opacity-60"
      >
        {labels.save}
      </button>
      {message ? (
        <p
          role={message.kind === "error" ? "alert" : "status"}
          className={message.kind === "error" ? "text-sm text-red-700" : "text-sm text-emerald-800"}
        >
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
