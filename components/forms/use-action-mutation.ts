"use client";
// The one way a client component runs a server action (issue #47), a TanStack Query mutation
// underneath: it owns the pending state, the step-up (the "Confirm it is you" dialog, then the
// action once more), the outcome as one translated message (or a toast) and the action's
// translated field errors, and the cache updates that follow a success (the query keys it
// invalidates); a failure arrives with its text in the operator's language (lib/actions/shown-failure.ts).
// The form hook (use-action-form.ts, react-hook-form) and the in-place controls
// (useStepUpAction) are this hook with their own shape; scripts and tests find every client call
// of an action inside it (server-action-calls.test.ts). Lives in components/ because it renders
// the step-up dialog.
//   const { run, pending, message, stepUpDialog } = useActionMutation({ t });
//   run(() => someAction(input), { success: t["x.saved"], invalidates: [queryKey], onSuccess: (data) => … });
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState, useTransition } from "react";
import { type StepUpMessages, useStepUp } from "@/components/auth/step-up-dialog";
import { toast } from "@/components/ui/toast";
import type { ActionAnswer, ShownFailure } from "@/lib/actions/operator-action";
import { type ActionMessage, actionOutcome } from "@/lib/forms/action-outcome";
import type { ErrorMessages } from "@/lib/i18n/message";

/**
 * One call of a server action, input included: `() => someAction(input)`. An action that answers
 * nothing (a preference, sign-out's redirect) counts as a success with no data.
 */
export type ActionCall<Data> = () => Promise<ActionAnswer<Data>> | Promise<void>;

const asResult = <Data>(answer: ActionAnswer<Data> | undefined): ActionAnswer<Data> =>
  answer ?? ({ ok: true, data: undefined } as ActionAnswer<Data>);

export type ActionOutcomeOptions<Data> = {
  /** The success message ("" or none: a success shows none). */
  success?: string;
  /** This control's own words for a failure (undefined: the action's translated error). */
  failure?: (failure: ShownFailure) => string | undefined;
  /** Also announce the outcome in a toast (a control whose row may go away, a dialog that closes). */
  toast?: boolean;
  /** The queries the action may have changed (a list, a badge, a counter): fetched again once it answers. */
  invalidates?: readonly QueryKey[];
  onSuccess?: (data: Data) => void | Promise<void>;
  /** After the failure is shown: for what only this control does. */
  onFailure?: (failure: ShownFailure) => void;
  /** The message when the action cannot be reached (network); none: the error is thrown. */
  unreachable?: string;
};

export type ActionMutationMessages =
  | { t: StepUpMessages; stepUp?: true }
  /** An action that never asks for a step-up (or a page without one): no dialog is ever fetched. */
  | { t?: object; stepUp: false };

export type ActionMutation = {
  /** Runs the action and shows its outcome; resolves with the result (undefined when unreachable). */
  send: <Data>(call: ActionCall<Data>, outcome?: ActionOutcomeOptions<Data>) => Promise<ActionAnswer<Data> | undefined>;
  /** `send` for a button or a select: in a transition, so a thrown error reaches the error boundary. */
  run: <Data>(call: ActionCall<Data>, outcome?: ActionOutcomeOptions<Data>) => void;
  pending: boolean;
  message: ActionMessage | undefined;
  setMessage: (message: ActionMessage | undefined) => void;
  /** The action's field errors, translated, by dotted field path. */
  fieldErrors: Record<string, string[]>;
  /** Render it in the component (the step-up dialog, when an action asks for one). */
  stepUpDialog: ReactNode;
};

const noMessages = {} as ErrorMessages;

export function useActionMutation(messages: ActionMutationMessages): ActionMutation {
  const t = messages.t ?? noMessages;
  const stepUp = messages.stepUp !== false;
  const queryClient = useQueryClient();
  // The messages always hold the dialog's when stepUp is on (the options' type says so).
  const { runWithStepUp, stepUpDialog } = useStepUp(t as StepUpMessages);
  const [message, setMessage] = useState<ActionMessage>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [transitionPending, startTransition] = useTransition();
  const mutation = useMutation({
    mutationFn: (call: ActionCall<unknown>) => {
      const answer = async () => asResult((await call()) ?? undefined);
      return stepUp ? runWithStepUp(answer) : answer();
    },
  });

  const show = (shown: ActionMessage | undefined, asToast: boolean | undefined) => {
    setMessage(shown);
    if (asToast && shown?.text) toast(shown.text, shown.kind);
  };

  const send = async <Data>(call: ActionCall<Data>, outcome: ActionOutcomeOptions<Data> = {}) => {
    setMessage(undefined);
    let result: ActionAnswer<Data>;
    try {
      result = (await mutation.mutateAsync(call as ActionCall<unknown>)) as ActionAnswer<Data>;
    } catch (error) {
      if (outcome.unreachable === undefined) throw error;
      setFieldErrors({});
      show({ kind: "error", text: outcome.unreachable }, outcome.toast);
      return undefined;
    }
    const shown = actionOutcome(result, outcome.success);
    const own = result.ok ? undefined : outcome.failure?.(result);
    setFieldErrors(shown.fieldErrors);
    show(own === undefined ? shown.message : { kind: "error", text: own }, outcome.toast);
    if (result.ok) await outcome.onSuccess?.(result.data);
    else outcome.onFailure?.(result);
    // A refusal may still say the state moved (already final): what it shows is fetched either way.
    // Not awaited: the outcome and the control's pending state never wait on a refetch (a live
    // state's refetch may be retried for seconds, or re-render the page under the control); the
    // cache moves when it lands, and the live stream pushes the same state anyway.
    for (const queryKey of outcome.invalidates ?? []) void queryClient.invalidateQueries({ queryKey });
    return result;
  };

  const run = <Data>(call: ActionCall<Data>, outcome?: ActionOutcomeOptions<Data>) =>
    startTransition(async () => {
      await send(call, outcome);
    });

  return {
    send,
    run,
    pending: mutation.isPending || transitionPending,
    message,
    setMessage,
    fieldErrors,
    stepUpDialog,
  };
}
