// A short outcome next to an inline control (a row's buttons, a select): an error is announced at
// once (role="alert"), a success politely (role="status"). The element is always there, empty until
// something happens, so screen readers already watch it when the text arrives.
import type { ActionMessage } from "@/lib/forms/action-outcome";

export type { ActionMessage };

export function InlineStatus({ message }: { message: ActionMessage | undefined }) {
  return (
    <span
      role={message?.kind === "error" ? "alert" : "status"}
      className={message?.kind === "error" ? "text-sm text-red-800" : "text-sm text-emerald-800"}
    >
      {message?.text}
    </span>
  );
}
