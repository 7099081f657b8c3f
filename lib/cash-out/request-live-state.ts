// What the approvals pages follow live (components/live/use-live-query.ts through
// app/api/cash-out-requests/…/state and …/events): for one request, its state, its decision and
// how far its sending has come; for the list, both of its tables. The state is the query data the
// pages' client components show (lib/vocabulary/cash-out-request-live.ts): a decision reaches the
// requester's page as it is made, with nothing else on the page rendered again.
import "server-only";
import type { Database } from "@/lib/db/client";
import { findCashOutRequest, listCashOutRequestRows, listCashOutRequests } from "@/lib/db/queries/cash-out-requests";
import { payoutRowResult } from "@/lib/cash-out/results-csv";
import type { LiveEvent } from "@/lib/live/live-events";
import type { RequestListItem, RequestListLiveState, RequestLiveState } from "@/lib/vocabulary/cash-out-request-live";

export type { RequestListLiveState, RequestLiveState } from "@/lib/vocabulary/cash-out-request-live";

export async function readRequestLiveState(db: Database, requestId: string): Promise<RequestLiveState | null> {
  const [request, rows] = await Promise.all([findCashOutRequest(db, requestId), listCashOutRequestRows(db, requestId)]);
  if (!request) return null;
  // The progress counts of getBatchProgress, from the rows read anyway for their results.
  const claimed = rows.filter((row) => row.transactionId !== null).length;
  const created = rows.filter((row) => row.creationState === "created").length;
  const failed = rows.filter((row) => row.creationState === "rejected" || row.creationState === "outcome_unknown").length;
  const inFlight = rows.filter((row) => row.creationState === "creating").length;
  const total = rows.length;
  const sending = request.state === "approved" && (claimed - inFlight < total || inFlight > 0);
  return {
    state: request.state,
    total,
    claimed,
    created,
    failed,
    inFlight,
    decidedByEmail: request.decidedByEmail,
    decidedAt: request.decidedAt?.toISOString() ?? null,
    decisionReason: request.decisionReason,
    transactionId: request.kind === "single" ? (rows[0]?.transactionId ?? null) : null,
    rowResults: request.kind === "batch" ? rows.map((row) => payoutRowResult(request, row)) : [],
    done: request.state !== "awaiting_approval" && !sending,
  };
}

const listItem = (request: Awaited<ReturnType<typeof listCashOutRequests>>[number]): RequestListItem => ({
  ...request,
  createdAt: request.createdAt.toISOString(),
  expiresAt: request.expiresAt.toISOString(),
});

export async function readRequestListLiveState(db: Database): Promise<RequestListLiveState> {
  const [awaiting, decided] = await Promise.all([
    listCashOutRequests(db, { states: ["awaiting_approval"] }),
    listCashOutRequests(db, { states: ["approved", "rejected", "cancelled", "expired"], limit: 20 }),
  ]);
  return { awaiting: awaiting.map(listItem), decided: decided.map(listItem), done: false };
}

export const concernsRequest = (requestId: string) => (event: LiveEvent) => event.kind === "cash_out_request" && event.id === requestId;
export const concernsAnyRequest = (event: LiveEvent) => event.kind === "cash_out_request";
