"use client";
// "Mark as read" for one notification or all of them; refreshes the page (and the header count).
import { useRouter } from "next/navigation";
import { unreadNotificationsKey } from "@/components/alerts/notification-keys";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { markNotificationsReadAction } from "@/lib/actions/mark-notifications-read-action";

export function MarkReadButton({
  target,
  label,
  failedLabel,
}: {
  target: { ids: string[] } | { all: true };
  label: string;
  /** Shown when the action fails (its reason is an untranslated message key). */
  failedLabel: string;
}) {
  const router = useRouter();
  const { run, pending, message } = useActionMutation({ stepUp: false });
  const error = message?.kind === "error" ? message.text : undefined;
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        disabled={pending}
        className="rounded-md border border-slate-400 px-3 py-1 text-sm font-medium hover:bg-slate-100 disabled:opacity-60"
        onClick={() =>
          run(() => markNotificationsReadAction(target), {
            failure: () => failedLabel,
            invalidates: [unreadNotificationsKey],
            onSuccess: () => router.refresh(),
          })
        }
      >
        {label}
      </button>
      {error ? (
        <span role="alert" className="text-sm text-red-700">
          {error}
        </span>
      ) : null}
    </span>
  );
}
