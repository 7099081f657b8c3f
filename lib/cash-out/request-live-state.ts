// What the approvals pages follow live (components/live/use-live-query.ts through
// app/api/cash-out-requests/…/state and …/events): for one request, its state, its decision and
// how far its sending has come; for the list, both of its tables. The state is the query data the
// pages' client components show (lib/vocabulary/cash-out-request-live.ts): a decision reaches the
// requester's page as it is made, with nothing else on the page rendered again.
import "server-only";
import type { Database } from "@/lib/db/client";
import type { StoreScope } from "@/lib/vocabulary/store-scope";
import {
  findCashOutRequest,
  listAwaitingRequestsPage,
  listCashOutRequestRows,
  listCashOutRequests,
} from "@/lib/db/queries/cash-out-requests";
import { encodeListCursor, parseListView } from "@/lib/schemas/list-sort";
import { type ApprovalsSort, approvalsSort, decidedRequestsShown } from "@/lib/vocabulary/approvals-list";
import type { ListCursor } from "@/lib/vocabulary/list-sort";
import { payoutRowResult } from "@/lib/cash-out/results-csv";
import type { LiveEvent } from "@/lib/live/live-events";
import type { RequestListItem, RequestListLiveState, RequestLiveState } from "@/lib/vocabulary/cash-out-request-live";

export type { RequestListLiveState, RequestLiveState } from "@/lib/vocabulary/cash-out-request-live";

/** One request's live state, null when it is unknown or another store's (the scope's stores only). */
export async function readRequestLiveState(db: Database, stores: StoreScope, requestId: string): Promise<RequestLiveState | null> {
  const [request, rows] = await Promise.all([findCashOutRequest(db, stores, requestId), listCashOutRequestRows(db, requestId)]);
  return request ? requestLiveStateOf(request, rows) : null;
}

/** One request's live state from its row and its payout rows as read (the request's page has both already). */
export function requestLiveStateOf(
  request: NonNullable<Awaited<ReturnType<typeof findCashOutRequest>>>,
  rows: Awaited<ReturnType<typeof listCashOutRequestRows>>,
): RequestLiveState {
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

/** The queue's order and page as the list's URL (and its live routes' URLs) carry them. */
export function parseRequestListView(params: URLSearchParams | Record<string, string | string[] | undefined>) {
  const read = (name: string) => {
    const value = params instanceof URLSearchParams ? params.get(name) : params[name];
    return typeof value === "string" ? value : undefined;
  };
  return parseListView(approvalsSort, read("sort"), read("cursor"));
}
export type RequestListView = { sort?: ApprovalsSort; cursor?: ListCursor };

/** Both tables, of the scope's stores only: the page of the queue in the view's order, and the newest decided requests. */
export async function readRequestListLiveState(
  db: Database,
  stores: StoreScope,
  view: RequestListView = {},
): Promise<RequestListLiveState> {
  const [awaiting, decided] = await Promise.all([
    listAwaitingRequestsPage(db, stores, view.sort, view.cursor),
    listCashOutRequests(db, stores, { states: ["approved", "rejected", "cancelled", "expired"], limit: decidedRequestsShown }),
  ]);
  return {
    awaiting: awaiting.rows.map(listItem),
    awaitingPages: {
      ...(awaiting.newer ? { newer: encodeListCursor(awaiting.newer) } : {}),
      ...(awaiting.older ? { older: encodeListCursor(awaiting.older) } : {}),
    },
    decided: decided.map(listItem),
    done: false,
  };
}

export const concernsRequest = (requestId: string) => (event: LiveEvent) => event.kind === "cash_out_request" && event.id === requestId;
export const concernsAnyRequest = (event: LiveEvent) => event.kind === "cash_out_request";
