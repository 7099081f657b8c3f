// Running one sensitive server action from an inline control (a row's button, a select; forms use
// components/forms/use-action-form.ts): asks for a step-up when the action wants one (useStepUp),
// then keeps the outcome as one message (success or the action's translated error) and the
// action's field errors, translated (lib/forms/action-outcome.ts, as the form hook does).
//   const { run, message, fieldErrors, pending, stepUpDialog } = useStepUpAction(t);
//   run(() => someAction(input), { success: t["x.saved"], onSuccess: (data) => ... });
import { useState, useTransition } from "react";
import { type StepUpMessages, useStepUp } from "@/components/auth/step-up-dialog";
import type { ActionMessage } from "@/components/ui/inline-status";
import type { ActionFailure, ActionResult } from "@/lib/actions/operator-action";
import { actionOutcome } from "@/lib/forms/action-outcome";

type Outcome<T> = {
  /** The success message ("": a success shows none). */
  success: string;
  onSuccess?: (data: T) => void;
  /** After the failure is shown: for what only this control does (as the form hook's onFailure). */
  onFailure?: (failure: ActionFailure) => void;
  /** The message when the action cannot be reached (network); none: the error is thrown (as the form hook's). */
  unreachable?: string;
};

export function useStepUpAction(t: StepUpMessages) {
  const { runWithStepUp, stepUpDialog } = useStepUp(t);
  const [message, setMessage] = useState<ActionMessage>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [pending, startTransition] = useTransition();

  const run = <T>(action: () => Promise<ActionResult<T>>, outcome: Outcome<T>) =>
    startTransition(async () => {
      setMessage(undefined);
      let result: ActionResult<T>;
      try {
        result = await runWithStepUp(action);
      } catch (error) {
        if (outcome.unreachable === undefined) throw error;
        setFieldErrors({});
        setMessage({ kind: "error", text: outcome.unreachable });
        return;
      }
      const shown = actionOutcome(result, t, outcome.success);
      setFieldErrors(shown.fieldErrors);
      setMessage(shown.message);
      if (result.ok) outcome.onSuccess?.(result.data);
      else outcome.onFailure?.(result);
    });

  return { run, message, fieldErrors, pending, stepUpDialog };
}
