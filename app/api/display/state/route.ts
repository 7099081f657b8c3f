// The counter display's state as JSON: the polling fallback while the live feed is down.
import { NextResponse } from "next/server";
import { displayStateReader } from "@/lib/displays/display-request";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

export async function GET() {
  const read = await displayStateReader(await getRuntime());
  const state = await read();
  return NextResponse.json(state, { status: state.signedOut ? 401 : 200, headers: { "cache-control": "no-store" } });
}
