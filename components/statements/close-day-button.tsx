"use client";
// "Close this day" on the Statements page: calls the audited action, then shows the frozen statement.
// Its hint, tied to the button by aria-describedby, says what closing does or, for a day that is not
// over yet (today in São Paulo), why the button cannot be used: the button stays focusable
// (aria-disabled, not disabled) so a keyboard or screen-reader user reaches it and hears why (#51).
import { useRouter } from "next/navigation";
import { useId } from "react";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { Button } from "@/components/ui/button";
import { InlineStatus } from "@/components/ui/inline-status";
import { closeDayAction } from "@/lib/actions/close-day-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";

export function CloseDayButton({ day, over, t }: { day: string; over: boolean; t: ClientMessages<"closeDayButton"> }) {
  const router = useRouter();
  const hintId = useId();
  const { run, pending, message } = useActionMutation({ t, stepUp: false });
  const unavailable = !over || pending;
  return (
    <div className="space-y-2">
      <p id={hintId} className="text-sm text-slate-700" data-testid="close-day-hint">
        {over ? t["statements.closeDayHint"] : t["statements.closeDayNotOver"]}
      </p>
      <Button
        type="button"
        variant="secondary"
        aria-disabled={unavailable || undefined}
        aria-describedby={hintId}
        className={unavailable ? "cursor-not-allowed text-slate-500" : undefined}
        data-testid="close-day"
        onClick={() => {
          if (unavailable) return;
          run(() => closeDayAction({ day }), { success: t["statements.closed"], onSuccess: () => router.refresh() });
        }}
      >
        {pending ? t["statements.closing"] : t["statements.closeDay"]}
      </Button>
      <div>
        <InlineStatus message={message} />
      </div>
    </div>
  );
}
