"use client";
// "Close this day" on the Statements page: calls the audited action, then shows the frozen statement.
import { useRouter } from "next/navigation";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { closeDayAction } from "@/lib/actions/close-day-action";

export function CloseDayButton({
  day,
  labels,
}: {
  day: string;
  labels: { close: string; closing: string; closed: string; hint: string; errors: Record<string, string>; failed: string };
}) {
  const router = useRouter();
  const { run, pending, message } = useActionMutation({ stepUp: false });
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">{labels.hint}</p>
      <button
        type="button"
        disabled={pending}
        data-testid="close-day"
        className="rounded-md border border-slate-500 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-100 disabled:opacity-60"
        onClick={() =>
          run(() => closeDayAction({ day }), {
            success: labels.closed,
            failure: (failure) => labels.errors[failure.error.split("?")[0]!] ?? labels.failed,
            onSuccess: () => router.refresh(),
          })
        }
      >
        {pending ? labels.closing : labels.close}
      </button>
      {message ? (
        <p
          role={message.kind === "error" ? "alert" : "status"}
          className={message.kind === "error" ? "text-sm text-red-700" : "text-sm text-emerald-800"}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
