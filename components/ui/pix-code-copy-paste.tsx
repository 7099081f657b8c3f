// A charge's PIX copy-and-paste code: the code in a read-only field and a button that copies it.
// Shared by the payer page and the charge result. The payer page puts the button first and
// full-width (the payer pays on the phone showing the page and cannot scan its own screen), with
// the field's label for screen readers only; the dashboard shows the labelled field, then the button.
import { CopyButton } from "@/components/ui/copy-button";

export function PixCodeCopyPaste({
  id,
  code,
  label,
  copy,
  layout,
}: {
  id: string;
  code: string | null;
  /** The field's label ("PIX copy and paste code"). */
  label: string;
  copy: { label: string; copiedMessage: string; failedMessage: string };
  layout: "payer" | "dashboard";
}) {
  const text = code ?? "";
  const field = (
    <>
      <label htmlFor={id} className={layout === "payer" ? "sr-only" : "block text-sm font-medium text-slate-800"}>
        {label}
      </label>
      <textarea
        id={id}
        readOnly
        rows={4}
        value={text}
        className={`${layout === "payer" ? "" : "mt-1 "}block w-full rounded-md border border-slate-400 bg-slate-50 p-2 font-mono text-xs break-all`}
      />
    </>
  );
  if (layout === "payer") {
    return (
      <div className="space-y-2">
        <CopyButton text={text} {...copy} className="w-full py-3 text-base" />
        {field}
      </div>
    );
  }
  return (
    <div>
      {field}
      <div className="mt-2">
        <CopyButton text={text} {...copy} />
      </div>
    </div>
  );
}
