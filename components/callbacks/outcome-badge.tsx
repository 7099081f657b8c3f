// What a received callback did to the ledger, as a badge from the one vocabulary.
import { Badge } from "@/components/ui/badge";
import type { DeliveryOutcome } from "@/lib/vocabulary/delivery-outcomes";
import type { Messages } from "@/lib/i18n/messages";
import { callbackOutcomeVocabulary } from "@/lib/vocabulary/status-labels";

export function OutcomeBadge({ outcome, t }: { outcome: DeliveryOutcome; t: Messages }) {
  const entry = callbackOutcomeVocabulary[outcome];
  return (
    <Badge tone={entry.tone} data-outcome-badge={outcome} wrap>
      {t[entry.key]}
    </Badge>
  );
}
