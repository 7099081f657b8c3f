"use client";
// A request's state badge on its own page, following the page's live state (LiveRefresh): a
// decision shows the moment the request's stream pushes it, before the page's server render that
// brings the rest (who decided, the reason) arrives. Until the live state differs from the one
// the page was rendered with, it shows what the server chose (which may be "expired").
import { useLiveRefreshState } from "@/components/live/live-refresh";
import { Badge } from "@/components/ui/badge";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { type CashOutRequestState, cashOutRequestStates } from "@/lib/vocabulary/cash-out-request-states";
import { approvalStateVocabulary } from "@/lib/vocabulary/status-labels";

export function LiveRequestStateBadge({
  rendered,
  shown,
  t,
}: {
  /** The request's state when the server rendered the page. */
  rendered: CashOutRequestState;
  /** What the server's badge showed for it ("expired" for a request awaiting past its time). */
  shown: CashOutRequestState;
  t: ClientMessages<"requestStateBadge">;
}) {
  const live = useLiveRefreshState<{ state: string }>()?.state;
  const isKnown = (state: string | undefined): state is CashOutRequestState => cashOutRequestStates.some((known) => known === state);
  const state = isKnown(live) && live !== rendered ? live : shown;
  const entry = approvalStateVocabulary[state];
  return (
    <Badge tone={entry.tone} data-testid="request-state">
      {t[entry.key]}
    </Badge>
  );
}
