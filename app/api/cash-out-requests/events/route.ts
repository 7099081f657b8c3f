// The approvals list's live summary as server-sent events: pushed whenever any request is
// submitted, decided, cancelled or expired.
import { concernsAnyRequest, parseRequestListView, readRequestListLiveState } from "@/lib/cash-out/request-live-state";
import { operatorRoute } from "@/lib/http/operator-route";
import { liveStateStream } from "@/lib/live/sse-stream";

export const dynamic = "force-dynamic";

export const GET = operatorRoute({ name: "cash_out_requests.events", capability: "moveMoney" }, async (request, { db, operator }) => {
  // The queue's page the list shows (its order and cursor, as on the page's URL).
  const view = parseRequestListView(new URL(request.url).searchParams);
  return liveStateStream({
    request,
    db,
    read: () => readRequestListLiveState(db, operator.stores, view),
    concerns: concernsAnyRequest,
    // Requests expire without an event: a slow re-read catches that.
    recheckEveryMs: () => 30_000,
  });
});
