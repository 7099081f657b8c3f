// What the approvals pages follow live (lib/cash-out/request-live-state.ts reads it; the pages'
// client components in components/approvals/ show it from the query cache). Plain JSON: dates are
// ISO strings, so the state the server rendered the page with is the very state the stream pushes.
import type { CashOutRequestState } from "@/lib/vocabulary/cash-out-request-states";

/** One request's live state: what its page shows that can change after it was rendered. */
export type RequestLiveState = {
  state: CashOutRequestState;
  total: number;
  claimed: number;
  created: number;
  failed: number;
  inFlight: number;
  decidedByEmail: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
  /** A single request's cash-out once it was sent (its page links to it). */
  transactionId: string | null;
  /** A batch's rows' results in line order (payoutRowResult's codes); empty for a single request. */
  rowResults: string[];
  /** Once nothing on the page can change any more (decided and every row sent, or closed). */
  done: boolean;
};

/** A request as the Approvals list shows it (a single cash-out's key masked). */
export type RequestListItem = {
  id: string;
  kind: "single" | "batch";
  state: CashOutRequestState;
  totalCents: number;
  itemCount: number;
  fileName: string | null;
  requestedByEmail: string;
  createdAt: string;
  expiresAt: string;
  pixKey: string | null;
};

/**
 * The Approvals list's live state: both of its tables, the queue as one page of its order with the
 * cursors (encoded, for links) of the pages beside it. Never `done`: a new request can arrive at any time.
 */
export type RequestListLiveState = {
  awaiting: RequestListItem[];
  awaitingPages: { newer?: string; older?: string };
  decided: RequestListItem[];
  done: false;
};

/** The message key of a row's result code ("not_sent_rejected" and the like share one). */
export function rowResultKey(result: string): `approvals.rows.result.${string}` {
  return result.startsWith("not_sent") ? "approvals.rows.result.not_sent" : `approvals.rows.result.${result}`;
}
