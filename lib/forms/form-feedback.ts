// Client form helpers shared by every react-hook-form form: messages translated as they reach the
// form, the options that show errors before submit, and focus on the first invalid field.
import type { FieldErrors, FieldValues, Path, Resolver, UseFormProps, UseFormSetError } from "react-hook-form";
import { type ErrorMessages, translateMessage } from "@/lib/i18n/message";

/** Every `errors.*` message: a schema or an action may answer with any of them. */
type Dictionary = ErrorMessages;

/** Rewrites every `message` in a react-hook-form errors tree through the dictionary, in place. */
export function translateFieldErrors<T extends object>(errors: T, t: Dictionary): T {
  for (const [name, value] of Object.entries(errors)) {
    if (name === "ref" || !value || typeof value !== "object") continue;
    const node = value as { message?: unknown };
    if (typeof node.message === "string") node.message = translateMessage(t, node.message);
    translateFieldErrors(node, t);
  }
  return errors;
}

/** Wraps a resolver (zodResolver(schema)) so the form holds translated messages, not keys. */
export function translatedResolver<Values extends FieldValues, Context, Output>(
  resolver: Resolver<Values, Context, Output>,
  t: Dictionary,
): Resolver<Values, Context, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    translateFieldErrors(result.errors, t);
    return result;
  };
}

/**
 * A resolver whose schema is loaded when it is first needed (the form's first check: a blur or a
 * submit) or ahead of it by the page (`load` is the same import, kept once by the module system):
 * the page's first load then carries neither the schema nor zod (issue #52: /cash-out). A failed
 * load (the network) is tried again at the next check.
 */
export function resolverLoadedOnUse<Values extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Values, Context, Output>>,
): Resolver<Values, Context, Output> {
  let loading: Promise<Resolver<Values, Context, Output>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading)(values, context, options);
  };
}

/**
 * Errors appear once a field has been left (blur), then follow every keystroke; submit still
 * checks everything. Where fields are registered out of screen order, pass `shouldFocusError: false`
 * and call `focusFirstInvalidField` on an invalid submit: react-hook-form focuses in registration order.
 */
export const feedbackFormOptions = { mode: "onTouched", reValidateMode: "onChange" } as const satisfies Partial<UseFormProps<FieldValues>>;

/** Puts an action's field messages (as shown, by field) on a react-hook-form form: its first message per field. */
export function setActionFieldErrors<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  fieldMessages: Record<string, string[]> | undefined,
): void {
  for (const [field, messages] of Object.entries(fieldMessages ?? {}))
    if (messages[0]) setError(field as Path<Values>, { message: messages[0] });
}

/** The dotted names of every field with an error: "amount", "pixKey.key", "metadata.0.key". */
export function invalidFieldNames(errors: FieldErrors, prefix = ""): string[] {
  const names: string[] = [];
  for (const [name, value] of Object.entries(errors)) {
    if (name === "ref" || name === "root" || !value || typeof value !== "object") continue;
    const path = prefix ? `${prefix}.${name}` : name;
    if (typeof (value as { message?: unknown }).message === "string" || (value as { type?: unknown }).type) names.push(path);
    names.push(...invalidFieldNames(value as FieldErrors, path));
  }
  return names;
}

/** Focuses the first control, in the form's visual (document) order, whose field has an error. */
export function focusFirstInvalidField(form: HTMLFormElement | null | undefined, errors: FieldErrors): void {
  focusFirstNamedField(form, invalidFieldNames(errors));
}

/** Focuses the first enabled, visible control, in document order, named in `names` (an action's field errors). */
export function focusFirstNamedField(form: Pick<HTMLFormElement, "elements"> | null | undefined, names: Iterable<string>): void {
  if (!form) return;
  const invalid = new Set(names);
  for (const element of Array.from(form.elements)) {
    const control = element as HTMLInputElement;
    if (!control.name || control.type === "hidden" || control.disabled || !invalid.has(control.name)) continue;
    control.focus();
    return;
  }
}
