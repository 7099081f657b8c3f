"use client";
// "Close this day" on the Statements page: calls the audited action, then shows the frozen statement.
import { useRouter } from "next/navigation";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { Button } from "@/components/ui/button";
import { InlineStatus } from "@/components/ui/inline-status";
import { closeDayAction } from "@/lib/actions/close-day-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";

export function CloseDayButton({ day, t }: { day: string; t: ClientMessages<"closeDayButton"> }) {
  const router = useRouter();
  const { run, pending, message } = useActionMutation({ t, stepUp: false });
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">{t["statements.closeDayHint"]}</p>
      <Button
        type="button"
        variant="secondary"
        disabled={pending}
        data-testid="close-day"
        onClick={() => run(() => closeDayAction({ day }), { success: t["statements.closed"], onSuccess: () => router.refresh() })}
      >
        {pending ? t["statements.closing"] : t["statements.closeDay"]}
      </Button>
      <div>
        <InlineStatus message={message} />
      </div>
    </div>
  );
}
