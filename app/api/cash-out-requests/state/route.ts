// The approvals list's live summary (how many requests, how many awaiting, the last decision),
// polled while the stream (../events) is down (lib/cash-out/request-live-state.ts).
import { NextResponse } from "next/server";
import { readRequestListLiveState } from "@/lib/cash-out/request-live-state";
import { operatorRoute } from "@/lib/http/operator-route";

export const dynamic = "force-dynamic";

export const GET = operatorRoute({ name: "cash_out_requests.state", capability: "moveMoney" }, async (_request, { db }) =>
  NextResponse.json(await readRequestListLiveState(db), { headers: { "cache-control": "no-store" } }),
);
