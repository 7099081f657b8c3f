// The counter display's state as JSON: the polling fallback while the live feed is down.
import { NextResponse } from "next/server";
import { displayStateReader } from "@/lib/displays/display-request";
import { displayRoute } from "@/lib/http/display-route";

export const dynamic = "force-dynamic";

export const GET = displayRoute({ name: "display.state" }, async (_request, runtime) => {
  const read = await displayStateReader(runtime);
  const state = await read();
  return NextResponse.json(state, { status: state.signedOut ? 401 : 200, headers: { "cache-control": "no-store" } });
});
