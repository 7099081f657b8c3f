// A long value (e-mail, key, reference) cut with an ellipsis on one line instead of breaking words;
// the whole value stays in the DOM (screen readers read it) and in the tooltip (title). A value is
// data as typed (translate="no", so neither a browser's translator nor our scan of Portuguese pages
// takes a client's reference for English) unless `verbatim` is false.
// Joined with clsx, not cn(): the Transactions table draws it in the browser (see button.tsx), so
// its width is a prop of its own rather than a class that must override the default.
import { clsx } from "clsx";

export function TruncatedText({
  text,
  maxWidth = "max-w-[16rem]",
  className,
  verbatim = true,
}: {
  text: string | null | undefined;
  /** A Tailwind max-width class. */
  maxWidth?: string;
  className?: string;
  /** False when the text is one of our own labels rather than data. */
  verbatim?: boolean;
}) {
  if (!text) return <span>—</span>;
  return (
    // translate is left out rather than undefined: an undefined prop still travels in a server page's payload.
    <span className={clsx("block truncate", maxWidth, className)} title={text} {...(verbatim ? { translate: "no" as const } : {})}>
      {text}
    </span>
  );
}
