// The approvals list's live summary (how many requests, how many awaiting, the last decision),
// polled while the stream (../events) is down (lib/cash-out/request-live-state.ts); `?sort=` and
// `?cursor=` are the queue's page, as on the page's URL.
import { NextResponse } from "next/server";
import { parseRequestListView, readRequestListLiveState } from "@/lib/cash-out/request-live-state";
import { operatorRoute } from "@/lib/http/operator-route";

export const dynamic = "force-dynamic";

export const GET = operatorRoute({ name: "cash_out_requests.state", capability: "moveMoney" }, async (request, { db, operator }) =>
  NextResponse.json(await readRequestListLiveState(db, operator.stores, parseRequestListView(new URL(request.url).searchParams)), {
    headers: { "cache-control": "no-store" },
  }),
);
