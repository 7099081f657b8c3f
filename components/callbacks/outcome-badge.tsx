// What a received callback did to the ledger, as a badge from the one vocabulary.
import { Badge } from "@/components/ui/badge";
import type { DeliveryOutcome } from "@/lib/vocabulary/delivery-outcomes";
import type { Messages } from "@/lib/i18n/messages";
import { callbackOutcomeVocabulary } from "@/lib/vocabulary/status-labels";

/** The outcome labels a badge needs (a client component passes its own messages). */
export type OutcomeBadgeLabels = Pick<Messages, (typeof callbackOutcomeVocabulary)[DeliveryOutcome]["key"]>;

export function OutcomeBadge({ outcome, t }: { outcome: DeliveryOutcome; t: OutcomeBadgeLabels }) {
  const entry = callbackOutcomeVocabulary[outcome];
  return (
    <Badge tone={entry.tone} data-outcome-badge={outcome} wrap>
      {t[entry.key]}
    </Badge>
  );
}
