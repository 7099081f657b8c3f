// A long value (e-mail, key, reference) cut with an ellipsis on one line instead of breaking words;
// the whole value stays in the DOM (screen readers read it) and in the tooltip (title).
import { cn } from "@/lib/utils";

export function TruncatedText({ text, className }: { text: string | null | undefined; className?: string }) {
  if (!text) return <span>—</span>;
  return (
    <span className={cn("block max-w-[16rem] truncate", className)} title={text}>
      {text}
    </span>
  );
}
