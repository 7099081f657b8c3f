// POST /api/display/pair, apart from Next's routing so tests can run it against any database (two
// "instances" sharing one PostgreSQL included). Anyone can call it, so its cost is bounded: the
// request must come from the dashboard's own page (Origin), and each address and each network (its
// /24 or /64) has a budget of tries. There is no budget for everyone together, which a stranger
// could spend to stop every till pairing: the code space makes guessing hopeless instead
// (lib/vocabulary/pairing-code.ts, lib/security/rate-limit-rules.ts).
import "server-only";
import { NextResponse } from "next/server";
import { clientAddress } from "@/lib/auth/client-address";
import type { AppConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { displaySessionCookie, displaySessionCookieOptions } from "@/lib/displays/display-session";
import { redeemPairingCode } from "@/lib/displays/pairing";
import { problemResponse } from "@/lib/http/problem";
import { msg } from "@/lib/i18n/message";
import { displayPairingSchema } from "@/lib/schemas/display-pairing";
import { addressPrefix } from "@/lib/security/address-prefix";
import { countRequest } from "@/lib/security/rate-limit";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { rateLimitedResponse } from "@/lib/http/rate-limited-response";

export async function handlePairRequest(db: Database, config: Pick<AppConfig, "appUrl" | "trustedProxyHops">, request: Request) {
  // A page on another site must not pair a visitor's browser with a counter, and a script without
  // an Origin is not the /display page either: browsers send Origin on every POST from fetch().
  if (request.headers.get("origin") !== new URL(config.appUrl).origin) return problemResponse(403, msg("errors.pairing.wrongOrigin"));
  const address = clientAddress(request.headers, config.trustedProxyHops);
  // Both budgets in one round trip; once refused, the rest of the window costs no query.
  const refusal = await countRequest(db, [
    { rule: rateLimitRules.displayPairPerAddress, key: address },
    { rule: rateLimitRules.displayPairPerNetwork, key: addressPrefix(address) },
  ]);
  if (refusal) return rateLimitedResponse(refusal, "errors.rateLimit.address");
  const parsed = displayPairingSchema.safeParse(await request.json().catch(() => ({})));
  // The schema's messages are encoded keys (lib/schemas/display-pairing.ts).
  if (!parsed.success) return problemResponse(400, parsed.error.issues[0]?.message ?? msg("errors.pairing.empty"));
  const result = await redeemPairingCode(db, parsed.data.code, request.headers.get("user-agent"));
  if (!result.ok) return problemResponse(400, msg("errors.pairing.rejected"));
  const response = NextResponse.json({ ok: true }, { headers: { "cache-control": "no-store" } });
  response.cookies.set(displaySessionCookie, result.sessionToken, displaySessionCookieOptions(config.appUrl));
  return response;
}
