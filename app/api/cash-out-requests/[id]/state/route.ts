// One cash-out request's live state (state and sending progress), polled by its page while the
// stream (../events) is down (lib/cash-out/request-live-state.ts).
import { NextResponse } from "next/server";
import * as z from "@/lib/schemas/zod";
import { readRequestLiveState } from "@/lib/cash-out/request-live-state";
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { msg } from "@/lib/i18n/message";

export const dynamic = "force-dynamic";

export const GET = operatorRoute<{ id: string }>(
  { name: "cash_out_request.state", capability: "moveMoney" },
  async (_request, { db, operator, params }) => {
    const state = z.uuid().safeParse(params.id).success ? await readRequestLiveState(db, operator.stores, params.id) : null;
    if (!state) return problemResponse(404, msg("errors.approvals.unknownRequest"));
    return NextResponse.json(state, { headers: { "cache-control": "no-store" } });
  },
);
