// A request's state as a labelled badge (the word, never colour alone), from the one vocabulary.
import { Badge } from "@/components/ui/badge";
import type { CashOutRequestState } from "@/lib/vocabulary/cash-out-request-states";
import type { Messages } from "@/lib/i18n/messages";
import { approvalStateVocabulary } from "@/lib/vocabulary/status-labels";

export function RequestStateBadge({ state, t }: { state: CashOutRequestState; t: Messages }) {
  const entry = approvalStateVocabulary[state];
  return (
    <Badge tone={entry.tone} data-testid="request-state">
      {t[entry.key]}
    </Badge>
  );
}
