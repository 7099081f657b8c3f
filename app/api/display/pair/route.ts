// Pairs this browser as a counter display: a valid one-time code gets it a display session cookie.
// Not a server action: the device has no operator session, and this is its only way in.
import { NextResponse } from "next/server";
import { displaySessionCookie, displaySessionCookieOptions } from "@/lib/displays/display-session";
import { redeemPairingCode } from "@/lib/displays/pairing";
import { displayPairingSchema } from "@/lib/schemas/display-pairing";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const { db, config } = await getRuntime();
  // A page on another site must not pair a visitor's browser with a counter.
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(config.appUrl).origin)
    return NextResponse.json({ error: "Pair from the dashboard's own /display page." }, { status: 403 });
  const parsed = displayPairingSchema.safeParse(await request.json().catch(() => ({})));
  if (!parsed.success) return NextResponse.json({ error: parsed.error.issues[0]?.message ?? "Invalid pairing code." }, { status: 400 });
  const result = await redeemPairingCode(db, parsed.data.code, request.headers.get("user-agent"));
  if (!result.ok)
    return NextResponse.json(
      { error: "This code is wrong, already used or expired. Ask an administrator for a new one." },
      { status: 400 },
    );
  const response = NextResponse.json({ ok: true }, { headers: { "cache-control": "no-store" } });
  response.cookies.set(displaySessionCookie, result.sessionToken, displaySessionCookieOptions(config.appUrl));
  return response;
}
