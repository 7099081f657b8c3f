"use client";
// The one way a form submits to a server action (react-hook-form underneath): the schema checks the
// fields in the browser through the translated resolver, then the action runs; a step-up it asks
// for is answered in the dialog and the action runs once more; its translated error becomes the
// form's message and its field errors land on the fields; focus goes to the first invalid field in
// document order (in the browser's check and after the server's); a success shows the form's text
// and calls `onSuccess`. The action runs through the one mutation hook (use-action-mutation.ts:
// pending state, step-up, translated message, cache updates), so a form is that hook with
// react-hook-form's fields on top. Lives in components/ (not lib/forms/) because it renders the
// step-up dialog.
//   const { form, formRef, onSubmit, pending, message, stepUpDialog } = useActionForm({
//     t, resolver: zodResolver(schema), defaultValues, action: (values) => someAction(values),
//     success: t["x.saved"], invalidates: [queryKey], onSuccess: (data) => router.refresh(),
//   });
//   <form ref={formRef} onSubmit={onSubmit} noValidate>…{stepUpDialog}</form>
import type { QueryKey } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { StepUpMessages } from "@/components/auth/step-up-dialog";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import type { ActionAnswer, ShownFailure } from "@/lib/actions/operator-action";
import type { ActionMessage } from "@/lib/forms/action-outcome";
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
  action: (values: Values) => Promise<ActionAnswer<Data>>;
  /** The success message shown as the form's outcome; none: a success shows no message. */
  success?: string;
  onSuccess?: (data: Data, values: Values) => void | Promise<void>;
  /** After the failure is shown (message, field errors, focus): for what only this form does. */
  onFailure?: (failure: ShownFailure, values: Values) => void;
  /** The queries a success makes stale (fetched again, as the mutation hook's `invalidates`). */
  invalidates?: readonly QueryKey[];
  /** The message when the action cannot be reached (network); none: the error is thrown, as before. */
  unreachable?: string;
  /** Other react-hook-form options (mode, values…); errors show on blur, then on every keystroke by default. */
  formOptions?: Omit<UseFormProps<Values, unknown, Output>, "resolver" | "defaultValues">;
} & (
  | { t: StepUpMessages; stepUp?: true }
  /** An action that never asks for a step-up: no dialog, and its page does not fetch one. */
  | { t: ErrorMessages | object; stepUp: false }
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
  send: (values: Values) => Promise<ActionAnswer<Data> | undefined>;
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
  const mutation = useActionMutation(options.stepUp === false ? { t: options.t, stepUp: false } : { t: options.t });
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<Values, unknown, Output>({
    ...feedbackFormOptions,
    // react-hook-form focuses in registration order; onInvalid and send focus in document order.
    shouldFocusError: false,
    ...formOptions,
    // The schema's own messages (a form is sent those: lib/i18n/client-messages.ts).
    resolver: resolver ? translatedResolver(resolver, t as ErrorMessages) : undefined,
    defaultValues: defaultValues as DefaultValues<Values>,
  });
  const onInvalid = (errors: FieldErrors<Values>) => focusFirstInvalidField(formRef.current, errors);
  useEffect(() => keepFocusOnSubmitPress(formRef.current), []);

  const send = (values: Values): Promise<ActionAnswer<Data> | undefined> => {
    // This render's options: onSubmit and send are made anew at every render, so they see its state.
    const { action, success, onSuccess, onFailure, unreachable, invalidates } = options;
    return mutation.send(() => action(values), {
      success,
      unreachable,
      invalidates,
      onSuccess: (data) => onSuccess?.(data, values),
      onFailure: (failure) => {
        setActionFieldErrors(form.setError, failure.fieldMessages);
        focusFirstNamedField(formRef.current, Object.keys(failure.fieldErrors ?? {}));
        onFailure?.(failure, values);
      },
    });
  };

  // The raw values, not the parsed ones: the action's input is its schema's input.
  const onSubmit = form.handleSubmit(async () => {
    await send(form.getValues());
  }, onInvalid);

  const { pending, message, setMessage, stepUpDialog } = mutation;
  return { form, formRef, onSubmit, onInvalid, send, pending, message, setMessage, stepUpDialog };
}

/**
 * A press on a submit button does not take focus from the field being typed in. Otherwise the
 * field's blur shows its error first (errors show on blur), the message pushes the button down
 * before the press ends, and the click lands beside it: nothing is sent and nothing says why. The
 * submit still checks every field and focuses the first invalid one; keyboard use is unchanged.
 */
function keepFocusOnSubmitPress(form: HTMLFormElement | null): (() => void) | undefined {
  if (!form) return undefined;
  const onMouseDown = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest("button, input") : null;
    if (target && (target as HTMLButtonElement | HTMLInputElement).type === "submit") event.preventDefault();
  };
  form.addEventListener("mousedown", onMouseDown);
  return () => form.removeEventListener("mousedown", onMouseDown);
}
