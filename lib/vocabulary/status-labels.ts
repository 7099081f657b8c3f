// One vocabulary per kind of state: each value's label key and tone, used by every badge, filter
// and summary, so a state reads the same on every page (a cash-out's SUCCEED is "Paid" everywhere).
// A plain module: client components (live badges) import it.
import type { MessageKey } from "@/lib/i18n/messages";
import type { CashOutRequestState } from "./cash-out-request-states";
import type { DeliveryOutcome } from "./delivery-outcomes";
import type { LedgerStatusFilter } from "./transaction-statuses";

export type Tone = "neutral" | "info" | "success" | "warning" | "danger";
export type VocabularyEntry = { key: MessageKey; tone: Tone };

/** A transaction's wallet status, plus UNKNOWN for a creation the wallet never confirmed. */
export const transactionStatusVocabulary = {
  PENDING: { key: "status.PENDING", tone: "warning" },
  SUCCEED: { key: "status.SUCCEED", tone: "success" },
  CANCELED: { key: "status.CANCELED", tone: "neutral" },
  FAILED: { key: "status.FAILED", tone: "danger" },
  UNKNOWN: { key: "ledger.status.UNKNOWN", tone: "danger" },
} as const satisfies Record<LedgerStatusFilter, VocabularyEntry>;
export type TransactionStatusLabelKey = (typeof transactionStatusVocabulary)[keyof typeof transactionStatusVocabulary]["key"];

/** What a received callback did to the ledger. */
export const callbackOutcomeVocabulary = {
  applied: { key: "outcome.applied", tone: "success" },
  settled: { key: "outcome.settled", tone: "success" },
  duplicate: { key: "outcome.duplicate", tone: "warning" },
  out_of_order: { key: "outcome.out_of_order", tone: "warning" },
  unmatched: { key: "outcome.unmatched", tone: "warning" },
  rejected: { key: "outcome.rejected", tone: "danger" },
} as const satisfies Record<DeliveryOutcome, VocabularyEntry>;

/** A cash-out request's approval state. */
export const approvalStateVocabulary = {
  awaiting_approval: { key: "approvals.state.awaiting_approval", tone: "warning" },
  approved: { key: "approvals.state.approved", tone: "success" },
  rejected: { key: "approvals.state.rejected", tone: "danger" },
  cancelled: { key: "approvals.state.cancelled", tone: "neutral" },
  expired: { key: "approvals.state.expired", tone: "neutral" },
} as const satisfies Record<CashOutRequestState, VocabularyEntry>;

/** Statuses a kind of transaction can reach: the wallet never cancels a cash-out. */
export const reachableStatuses = {
  CASH_IN: ["PENDING", "SUCCEED", "CANCELED", "FAILED", "UNKNOWN"],
  CASH_OUT: ["PENDING", "SUCCEED", "FAILED", "UNKNOWN"],
} as const;
