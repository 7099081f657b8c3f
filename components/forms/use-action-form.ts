"use client";
// The one way a form submits to a server action (react-hook-form underneath): the schema checks the
// fields in the browser through the translated resolver, then the action runs; a step-up it asks
// for is answered in the dialog and the action runs once more; its translated error becomes the
// form's message and its field errors land on the fields; focus goes to the first invalid field in
// document order (in the browser's check and after the server's); a success shows the form's text
// and calls `onSuccess`. Lives in components/ (not lib/forms/) because it renders the step-up dialog.
//   const { form, formRef, onSubmit, pending, message, stepUpDialog } = useActionForm({
//     t, resolver: zodResolver(schema), defaultValues, action: (values) => someAction(values),
//     success: t["x.saved"], onSuccess: (data) => router.refresh(),
//   });
//   <form ref={formRef} onSubmit={onSubmit} noValidate>…{stepUpDialog}</form>
import { type ReactNode, startTransition, useRef, useState } from "react";
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import { type StepUpMessages, useStepUp } from "@/components/auth/step-up-dialog";
import type { ActionFailure, ActionResult } from "@/lib/actions/operator-action";
import { type ActionMessage, actionMessage } from "@/lib/forms/action-outcome";
import {
  feedbackFormOptions,
  focusFirstInvalidField,
  focusFirstNamedField,
  setActionFieldErrors,
  translatedResolver,
} from "@/lib/forms/form-feedback";
import type { ErrorMessages } from "@/lib/i18n/message";

type ActionFormOptions<Values extends FieldValues, Output, Data> = {
  /** zodResolver(schema): the same schema the action parses with; its messages are translated here. */
  resolver?: Resolver<Values, unknown, Output>;
  /** Every field's first value (complete: the form's values type is read from it, or from the resolver). */
  defaultValues: Values;
  /** Calls the server action with the form's values (raw: the action parses them with its own schema). */
  action: (values: Values) => Promise<ActionResult<Data>>;
  /** The success message shown as the form's outcome; none: a success shows no message. */
  success?: string;
  onSuccess?: (data: Data, values: Values) => void | Promise<void>;
  /** After the failure is shown (message, field errors, focus): for what only this form does. */
  onFailure?: (failure: ActionFailure, values: Values) => void;
  /** The message when the action cannot be reached (network); none: the error is thrown, as before. */
  unreachable?: string;
  /** Other react-hook-form options (mode, values…); errors show on blur, then on every keystroke by default. */
  formOptions?: Omit<UseFormProps<Values, unknown, Output>, "resolver" | "defaultValues">;
} & (
  | { t: StepUpMessages; stepUp?: true }
  /** An action that never asks for a step-up: no dialog, and its page does not fetch one. */
  | { t: ErrorMessages; stepUp: false }
);

export type ActionForm<Values extends FieldValues, Output, Data> = {
  form: UseFormReturn<Values, unknown, Output>;
  /** On the <form>: focus follows document order, not the order fields were registered in. */
  formRef: React.RefObject<HTMLFormElement | null>;
  /** The <form>'s onSubmit: checks the fields, then `send`s the raw values. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** For a form that checks, then asks first (a review): focus on the first invalid field. */
  onInvalid: (errors: FieldErrors<Values>) => void;
  /** Runs the action (step-up and retry included) and shows its outcome; the result for forms with more phases. */
  send: (values: Values) => Promise<ActionResult<Data> | undefined>;
  pending: boolean;
  message: ActionMessage | undefined;
  setMessage: (message: ActionMessage | undefined) => void;
  /** Render it inside the form's component (the step-up dialog, when one is asked for). */
  stepUpDialog: ReactNode;
};

export function useActionForm<Values extends FieldValues, Output = Values, Data = unknown>(
  options: ActionFormOptions<Values, Output, Data>,
): ActionForm<Values, Output, Data> {
  const { t, resolver, defaultValues, formOptions } = options;
  const stepUp = options.stepUp !== false;
  // The messages always hold the dialog's when stepUp is on (the options' type says so).
  const { runWithStepUp, stepUpDialog } = useStepUp(t as StepUpMessages);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<ActionMessage>();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<Values, unknown, Output>({
    ...feedbackFormOptions,
    // react-hook-form focuses in registration order; onInvalid and send focus in document order.
    shouldFocusError: false,
    ...formOptions,
    resolver: resolver ? translatedResolver(resolver, t) : undefined,
    defaultValues: defaultValues as DefaultValues<Values>,
  });
  const onInvalid = (errors: FieldErrors<Values>) => focusFirstInvalidField(formRef.current, errors);

  const send = async (values: Values): Promise<ActionResult<Data> | undefined> => {
    // This render's options: onSubmit and send are made anew at every render, so they see its state.
    const { action, success, onSuccess, onFailure, unreachable } = options;
    setMessage(undefined);
    // The request leaves before the form re-renders as pending: that render waits for a task of
    // its own (a transition) instead of running ahead of the request.
    const sent = stepUp ? runWithStepUp(() => action(values)) : action(values);
    startTransition(() => setPending(true));
    let result: ActionResult<Data>;
    try {
      result = await sent;
    } catch (error) {
      if (!unreachable) throw error;
      setMessage({ kind: "error", text: unreachable });
      return undefined;
    } finally {
      setPending(false);
    }
    setMessage(actionMessage(result, t, success));
    if (result.ok) {
      await onSuccess?.(result.data, values);
      return result;
    }
    setActionFieldErrors(form.setError, result.fieldErrors, t);
    focusFirstNamedField(formRef.current, Object.keys(result.fieldErrors ?? {}));
    onFailure?.(result, values);
    return result;
  };

  // The raw values, not the parsed ones: the action's input is its schema's input.
  const onSubmit = form.handleSubmit(async () => {
    await send(form.getValues());
  }, onInvalid);

  return { form, formRef, onSubmit, onInvalid, send, pending, message, setMessage, stepUpDialog };
}
