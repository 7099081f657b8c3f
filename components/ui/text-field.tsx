// A labelled input with its own error message, wired for screen readers (aria-invalid, aria-describedby).
// With `count` (e.g. "12/140 characters") a live counter sits under a length-limited field and is
// announced politely; pair it with `maxLength` so nothing longer can be typed.
import type { InputHTMLAttributes, Ref } from "react";

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  count?: string;
  ref?: Ref<HTMLInputElement>;
};

export function TextField({ id, label, error, hint, count, className, ...inputProps }: TextFieldProps) {
  const describedBy =
    [hint ? `${id}-hint` : null, count ? `${id}-count` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
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
      />
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
