// Running one sensitive server action from a settings form or an inline control: asks for a
// step-up when the action wants one (useStepUp), then keeps the outcome as one message (success
// or the action's translated error) and the action's field errors, translated. Used by the alert
// settings forms, the operator account actions and the role select.
//   const { run, message, fieldErrors, pending, stepUpDialog } = useStepUpAction(t);
//   run(() => someAction(input), { success: t["x.saved"], onSuccess: (data) => ... });
import { useState, useTransition } from "react";
import { type StepUpMessages, useStepUp } from "@/components/auth/step-up-dialog";
import type { ActionMessage } from "@/components/ui/inline-status";
import type { ActionResult } from "@/lib/actions/operator-action";
import { translateFieldErrorMap } from "@/lib/forms/form-feedback";
import { translateMessage } from "@/lib/i18n/message";

export function useStepUpAction(t: StepUpMessages) {
  const { runWithStepUp, stepUpDialog } = useStepUp(t);
  const [message, setMessage] = useState<ActionMessage>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [pending, startTransition] = useTransition();

  const run = <T>(action: () => Promise<ActionResult<T>>, outcome: { success: string; onSuccess?: (data: T) => void }) =>
    startTransition(async () => {
      setMessage(undefined);
      const result = await runWithStepUp(action);
      if (result.ok) {
        setFieldErrors({});
        setMessage({ kind: "success", text: outcome.success });
        outcome.onSuccess?.(result.data);
      } else {
        setFieldErrors(translateFieldErrorMap(result.fieldErrors, t));
        setMessage({ kind: "error", text: translateMessage(t, result.error) });
      }
    });

  return { run, message, fieldErrors, pending, stepUpDialog };
}
