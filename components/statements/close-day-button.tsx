"use client";
// "Close this day" on the Statements page: calls the audited action, then shows the frozen statement.
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { closeDayAction } from "@/lib/actions/close-day-action";

export function CloseDayButton({
  day,
  labels,
}: {
  day: string;
  labels: { close: string; closing: string; closed: string; hint: string; errors: Record<string, string>; failed: string };
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">{labels.hint}</p>
      <button
        type="button"
        disabled={pending}
        data-testid="close-day"
        className="rounded-md border border-slate-500 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-100 disabled:opacity-60"
        onClick={() =>
          startTransition(async () => {
            const result = await closeDayAction({ day });
            if (result.ok) {
              setMessage({ text: labels.closed, error: false });
              router.refresh();
            } else setMessage({ text: labels.errors[result.error.split("?")[0]!] ?? labels.failed, error: true });
          })
        }
      >
        {pending ? labels.closing : labels.close}
      </button>
      {message ? (
        <p role={message.error ? "alert" : "status"} className={message.error ? "text-sm text-red-700" : "text-sm text-emerald-800"}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
