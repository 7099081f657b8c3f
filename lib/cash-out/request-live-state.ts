// What the approvals pages follow live (components/live/use-live-state.ts through
// app/api/cash-out-requests/…/state and …/events): for one request, its state and how far its
// sending has come; for the list, a summary that changes whenever any request does. The pages
// re-render when it changes, so the requester sees a decision as it is made, not on the next poll.
import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { findCashOutRequest, getBatchProgress } from "@/lib/db/queries/cash-out-requests";
import { cashOutRequests } from "@/lib/db/schema";
import type { LiveEvent } from "@/lib/live/live-events";

/** `done` once nothing on the page can change any more (decided and every row sent, or closed). */
export type RequestLiveState = {
  state: string;
  total: number;
  claimed: number;
  created: number;
  failed: number;
  inFlight: number;
  done: boolean;
};

export async function readRequestLiveState(db: Database, requestId: string): Promise<RequestLiveState | null> {
  const [request, progress] = await Promise.all([findCashOutRequest(db, requestId), getBatchProgress(db, requestId)]);
  if (!request) return null;
  const sending = request.state === "approved" && (progress.claimed - progress.inFlight < progress.total || progress.inFlight > 0);
  return { state: request.state, ...progress, done: request.state !== "awaiting_approval" && !sending };
}

/** The list never is `done`: a new request can arrive at any time. */
export type RequestListLiveState = { requests: number; awaiting: number; lastDecidedAt: string | null; done: false };

export async function readRequestListLiveState(db: Database): Promise<RequestListLiveState> {
  const [row] = await db
    .select({
      requests: sql<string>`count(*)`.mapWith(Number),
      awaiting: sql<string>`count(*) filter (where ${cashOutRequests.state} = 'awaiting_approval')`.mapWith(Number),
      lastDecidedAt: sql<string | null>`max(${cashOutRequests.decidedAt})::text`,
    })
    .from(cashOutRequests);
  return { requests: row?.requests ?? 0, awaiting: row?.awaiting ?? 0, lastDecidedAt: row?.lastDecidedAt ?? null, done: false };
}

export const concernsRequest = (requestId: string) => (event: LiveEvent) => event.kind === "cash_out_request" && event.id === requestId;
export const concernsAnyRequest = (event: LiveEvent) => event.kind === "cash_out_request";
