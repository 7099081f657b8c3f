// A request's state as a labelled badge (the word, never colour alone).
import type { CashOutRequestState } from "@/lib/cash-out-approvals/request-states";
import type { Messages } from "@/lib/i18n/messages";

const styles: Record<CashOutRequestState, string> = {
  awaiting_approval: "bg-amber-100 text-amber-950 border-amber-500",
  approved: "bg-emerald-100 text-emerald-950 border-emerald-600",
  rejected: "bg-red-100 text-red-950 border-red-600",
  cancelled: "bg-slate-100 text-slate-900 border-slate-500",
  expired: "bg-slate-100 text-slate-900 border-slate-500",
};

export function RequestStateBadge({ state, t }: { state: CashOutRequestState; t: Messages }) {
  return (
    <span data-testid="request-state" className={`inline-block rounded border px-2 py-0.5 text-sm font-semibold ${styles[state]}`}>
      {t[`approvals.state.${state}`]}
    </span>
  );
}
