// An event type as a person reads it: its label, then its code (the merchant's contract, e.g.
// charge.paid) as code that is not translated. A stored type the dictionary does not name (an
// older one) is shown as its code alone. No hooks: rendered on the server and in the browser.
import type { Messages } from "@/lib/i18n/messages";
import { eventTypeLabels, isLabelledEventType } from "@/lib/vocabulary/code-labels";

export function EventTypeName({ type, t }: { type: string; t: Pick<Messages, (typeof eventTypeLabels)[keyof typeof eventTypeLabels]> }) {
  return (
    <>
      {isLabelledEventType(type) ? <>{t[eventTypeLabels[type]]} </> : null}
      <code translate="no" className="font-mono text-xs text-slate-600">
        {type}
      </code>
    </>
  );
}
