// One cash-out request's live state as server-sent events: pushed when it is decided, cancelled
// or expired, and re-read each second while its rows are being sent, until nothing can change.
import * as z from "@/lib/schemas/zod";
import { concernsRequest, readRequestLiveState } from "@/lib/cash-out/request-live-state";
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { msg } from "@/lib/i18n/message";
import { liveStateStream } from "@/lib/live/sse-stream";

export const dynamic = "force-dynamic";

export const GET = operatorRoute<{ id: string }>(
  { name: "cash_out_request.events", capability: "moveMoney" },
  async (request, { db, operator, params }) => {
    const { id } = params;
    if (!z.uuid().safeParse(id).success || !(await readRequestLiveState(db, operator.stores, id)))
      return problemResponse(404, msg("errors.approvals.unknownRequest"));
    return liveStateStream({
      request,
      db,
      read: () => readRequestLiveState(db, operator.stores, id),
      concerns: concernsRequest(id),
      // Sending rows moves the progress without a request event: re-read each second meanwhile.
      recheckEveryMs: (state) => (state?.state === "approved" ? 1_000 : 30_000),
      isLast: (state) => state === null || state.done,
    });
  },
);
