// A cash-out's standing in one badge: the wallet's status once it exists there, otherwise where
// the local record stands (being sent, refused, outcome unknown), which matters more than "no status".
// Wallet statuses use the shared labels ("Paid", as on the Overview, the ledger and the inbox).
import { StatusBadge } from "@/components/transactions/status-badge";
import type { Messages } from "@/lib/i18n/messages";
import type { CreationState } from "@/lib/vocabulary/transaction-statuses";

const stateStyles: Record<Exclude<CreationState, "created">, string> = {
  creating: "bg-sky-100 text-sky-950 border-sky-500",
  rejected: "bg-red-100 text-red-950 border-red-400",
  outcome_unknown: "bg-orange-100 text-orange-950 border-orange-500",
};

export function CashOutStatus({ creationState, status, t }: { creationState: CreationState; status: string | null; t: Messages }) {
  if (creationState === "created") return <StatusBadge status={status} t={t} />;
  return (
    <span
      data-creation-state={creationState}
      className={`inline-block rounded-full border px-2.5 py-0.5 text-sm font-semibold ${stateStyles[creationState]}`}
    >
      {t[`cashOut.state.${creationState}`]}
    </span>
  );
}
