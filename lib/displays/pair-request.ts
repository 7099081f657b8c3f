// POST /api/display/pair, apart from Next's routing so tests can run it against any database (two
// "instances" sharing one PostgreSQL included). Anyone can call it, so its cost is bounded: the
// request must come from the dashboard's own page (Origin), each address has a budget of tries,
// and wrong codes from everyone together have one too, because the code space is small and
// addresses are cheap (lib/security/rate-limit-rules.ts).
import "server-only";
import { NextResponse } from "next/server";
import { clientAddress } from "@/lib/auth/client-address";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { displaySessionCookie, displaySessionCookieOptions } from "@/lib/displays/display-session";
import { redeemPairingCode } from "@/lib/displays/pairing";
import { displayPairingSchema } from "@/lib/schemas/display-pairing";
import { checkFailures, countRequest, recordFailure, type RateLimitRefusal } from "@/lib/security/rate-limit";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { rateLimitedResponse } from "@/lib/security/rate-limited-response";

const wrongCodesFromEveryone = { rule: rateLimitRules.displayPairFailuresGlobal, key: "global" };

export async function handlePairRequest(db: Database, config: Pick<AppConfig, "appUrl" | "trustedProxyHops">, request: Request) {
  // A page on another site must not pair a visitor's browser with a counter, and a script without
  // an Origin is not the /display page either: browsers send Origin on every POST from fetch().
  if (request.headers.get("origin") !== new URL(config.appUrl).origin)
    return NextResponse.json({ error: "Pair from the dashboard's own /display page." }, { status: 403 });
  const address = clientAddress(request.headers, config.trustedProxyHops);
  // The global pause first: while it holds, refusing costs nothing (remembered by the limiter).
  const refusal: RateLimitRefusal | null =
    (await checkFailures(db, [wrongCodesFromEveryone])) ??
    (await countRequest(db, [{ rule: rateLimitRules.displayPairPerAddress, key: address }]));
  if (refusal)
    return rateLimitedResponse(
      refusal,
      refusal.rule === rateLimitRules.displayPairFailuresGlobal ? "errors.rateLimit.pairingPaused" : "errors.rateLimit.address",
    );
  const parsed = displayPairingSchema.safeParse(await request.json().catch(() => ({})));
  if (!parsed.success) return NextResponse.json({ error: parsed.error.issues[0]?.message ?? "Invalid pairing code." }, { status: 400 });
  const result = await redeemPairingCode(db, parsed.data.code, request.headers.get("user-agent"));
  if (!result.ok) {
    await recordFailure(db, [wrongCodesFromEveryone]);
    return NextResponse.json(
      { error: "This code is wrong, already used or expired. Ask an administrator for a new one." },
      { status: 400 },
    );
  }
  const response = NextResponse.json({ ok: true }, { headers: { "cache-control": "no-store" } });
  response.cookies.set(displaySessionCookie, result.sessionToken, displaySessionCookieOptions(config.appUrl));
  return response;
}
