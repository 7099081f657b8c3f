// The pure half of the form hook (components/forms/use-action-form.ts): what a server action's
// answer means for the form that sent it, the message it shows and the fields it marks, with no
// React in it, so it is tested on its own (action-outcome.test.ts). A failure arrives with its text
// in the operator's language (lib/actions/shown-failure.ts): nothing is translated here.
import type { ActionAnswer } from "@/lib/actions/operator-action";

/** What an action came to, as shown to the operator (components/ui/inline-status.tsx, FormMessage). */
export type ActionMessage = { kind: "error" | "success"; text: string };

export type ActionOutcome = {
  /** The form-level message: the success text (when the form has one) or the action's error. */
  message: ActionMessage | undefined;
  /** The action's field errors, as shown, by dotted field path ("rules.0.threshold"). */
  fieldErrors: Record<string, string[]>;
};

/** The message after an action answered: `success` is the form's own text for a success (none: no message). */
export function actionMessage<T>(result: ActionAnswer<T>, success?: string): ActionMessage | undefined {
  if (result.ok) return success ? { kind: "success", text: success } : undefined;
  return { kind: "error", text: result.message };
}

/** The message and the field errors, for a control that shows them itself (useStepUpAction). */
export function actionOutcome<T>(result: ActionAnswer<T>, success?: string): ActionOutcome {
  return { message: actionMessage(result, success), fieldErrors: result.ok ? {} : result.fieldMessages };
}
