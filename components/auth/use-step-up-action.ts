// Running one sensitive server action from an inline control (a row's button, a select; forms use
// components/forms/use-action-form.ts): the one mutation hook (components/forms/use-action-mutation.ts)
// with the step-up on, keeping the outcome as one message (success or the action's translated
// error) and the action's field errors, translated.
//   const { run, message, fieldErrors, pending, stepUpDialog } = useStepUpAction(t);
//   run(() => someAction(input), { success: t["x.saved"], invalidates: [queryKey], onSuccess: (data) => ... });
import type { StepUpMessages } from "@/components/auth/step-up-dialog";
import { useActionMutation } from "@/components/forms/use-action-mutation";

export function useStepUpAction(t: StepUpMessages) {
  const { run, message, fieldErrors, pending, stepUpDialog } = useActionMutation({ t });
  return { run, message, fieldErrors, pending, stepUpDialog };
}
