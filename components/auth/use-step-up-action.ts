// Running one sensitive server action from an inline control (a row's button, a select; forms use
// components/forms/use-action-form.ts): asks for a step-up when the action wants one (useStepUp),
// then keeps the outcome as one message (success or the action's translated error) and the
// action's field errors, translated (lib/forms/action-outcome.ts, as the form hook does).
//   const { run, message, fieldErrors, pending, stepUpDialog } = useStepUpAction(t);
//   run(() => someAction(input), { success: t["x.saved"], onSuccess: (data) => ... });
import { useState, useTransition } from "react";
import { type StepUpMessages, useStepUp } from "@/components/auth/step-up-dialog";
import type { ActionMessage } from "@/components/ui/inline-status";
import type { ActionResult } from "@/lib/actions/operator-action";
import { actionOutcome } from "@/lib/forms/action-outcome";

export function useStepUpAction(t: StepUpMessages) {
  const { runWithStepUp, stepUpDialog } = useStepUp(t);
  const [message, setMessage] = useState<ActionMessage>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [pending, startTransition] = useTransition();

  const run = <T>(action: () => Promise<ActionResult<T>>, outcome: { success: string; onSuccess?: (data: T) => void }) =>
    startTransition(async () => {
      setMessage(undefined);
      const result = await runWithStepUp(action);
      const shown = actionOutcome(result, t, outcome.success);
      setFieldErrors(shown.fieldErrors);
      setMessage(shown.message);
      if (result.ok) outcome.onSuccess?.(result.data);
    });

  return { run, message, fieldErrors, pending, stepUpDialog };
}
