// The pure half of the form hook (components/forms/use-action-form.ts): what a server action's
// result means for the form that sent it, the message it shows and the fields it marks, with no
// React in it, so it is tested on its own (action-outcome.test.ts).
import type { ActionResult } from "@/lib/actions/operator-action";
import { translateFieldErrorMap } from "@/lib/forms/form-feedback";
import { type ErrorMessages, translateMessage } from "@/lib/i18n/message";

/** What an action came to, as shown to the operator (components/ui/inline-status.tsx, FormMessage). */
export type ActionMessage = { kind: "error" | "success"; text: string };

export type ActionOutcome = {
  /** The form-level message: the success text (when the form has one) or the translated error. */
  message: ActionMessage | undefined;
  /** The action's field errors, translated, by dotted field path ("rules.0.threshold"). */
  fieldErrors: Record<string, string[]>;
};

/** The message after an action answered: `success` is the form's own text for a success (none: no message). */
export function actionMessage<T>(result: ActionResult<T>, t: ErrorMessages, success?: string): ActionMessage | undefined {
  if (result.ok) return success ? { kind: "success", text: success } : undefined;
  return { kind: "error", text: translateMessage(t, result.error) };
}

/** The message and the translated field errors, for a control that shows them itself (useStepUpAction). */
export function actionOutcome<T>(result: ActionResult<T>, t: ErrorMessages, success?: string): ActionOutcome {
  return { message: actionMessage(result, t, success), fieldErrors: result.ok ? {} : translateFieldErrorMap(result.fieldErrors, t) };
}
