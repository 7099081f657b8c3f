"use client";
// A labelled input with its own error message, wired for screen readers (aria-invalid, aria-describedby).
// With `count` (e.g. "12/140 characters") a live counter sits under a length-limited field and is
// announced politely; pair it with `maxLength` so nothing longer can be typed.
// With `maxLength`, a paste that does not fit is cut by the browser, and the field says so and by
// how much (#37), in the page's language: every form gets it without passing anything.
import { type ClipboardEvent, type InputHTMLAttributes, type Ref, useState } from "react";
import { pasteCutMessage } from "@/lib/i18n/form-field-messages";

/** How many characters of `pasted` the field's limit leaves out, given what stays of its value. */
export function charactersCut(
  input: { value: string; selectionStart: number | null; selectionEnd: number | null },
  pasted: string,
  maxLength: number,
): number {
  const replaced = (input.selectionEnd ?? input.value.length) - (input.selectionStart ?? input.value.length);
  return Math.max(0, input.value.length - replaced + pasted.length - maxLength);
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  count?: string;
  ref?: Ref<HTMLInputElement>;
};

export function TextField({ id, label, error, hint, count, className, ...inputProps }: TextFieldProps) {
  const [pasteNote, setPasteNote] = useState("");
  const maxLength = inputProps.maxLength;
  const describedBy =
    [hint ? `${id}-hint` : null, count ? `${id}-count` : null, pasteNote ? `${id}-paste` : null, error ? `${id}-error` : null]
      .filter(Boolean)
      .join(" ") || undefined;
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    inputProps.onPaste?.(event);
    if (maxLength === undefined || maxLength < 0) return;
    const cut = charactersCut(event.currentTarget, event.clipboardData.getData("text"), maxLength);
    setPasteNote(cut > 0 ? pasteCutMessage(document.documentElement.lang, maxLength, cut) : "");
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-base shadow-sm ${error ? "border-red-700" : "border-slate-400"}`}
        {...inputProps}
        onPaste={onPaste}
      />
      {maxLength !== undefined ? (
        <p id={`${id}-paste`} role="status" className="mt-1 text-sm text-amber-900">
          {pasteNote}
        </p>
      ) : null}
      {count ? (
        <p id={`${id}-count`} aria-live="polite" className="mt-1 text-right text-sm text-slate-600">
          {count}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
