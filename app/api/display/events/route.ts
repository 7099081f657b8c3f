// The counter display's live feed (server-sent events): its state now, then each change. Only a
// paired device's session opens it; anyone else gets the state route's 401 (the page then shows
// the pairing form).
import { NextResponse } from "next/server";
import { displayStateReader } from "@/lib/displays/display-request";
import { displayRoute } from "@/lib/http/display-route";
import { liveStateStream } from "@/lib/live/sse-stream";

export const dynamic = "force-dynamic";

export const GET = displayRoute({ name: "display.events" }, async (request, runtime) => {
  const read = await displayStateReader(runtime);
  const first = await read();
  if (first.signedOut) return NextResponse.json(first, { status: 401, headers: { "cache-control": "no-store" } });
  return liveStateStream({
    request,
    db: runtime.db,
    read,
    // The state does not carry its counter id, so any counter event re-reads (cheap: a shop has few
    // counters, and an unchanged state is not sent); a transaction event re-reads its own charge.
    concerns: (event, state) =>
      event.kind === "counter" || (event.kind === "transaction" && !state.signedOut && state.charge?.transactionId === event.id),
    // While a charge is up, re-read each second so expiry and the return to idle happen on time.
    recheckEveryMs: (state) => (!state.signedOut && state.charge ? 1_000 : 20_000),
    isLast: (state) => state.signedOut,
  });
});
