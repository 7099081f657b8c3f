// The payer page's live status: only the status, for the holder of the unguessable link. Anyone
// can call it, so each address has a (generous) budget shared with the page and its stream.
import { NextResponse } from "next/server";
import { clientAddress } from "@/lib/auth/client-address";
import { findPayerDisplay } from "@/lib/db/queries/transactions";
import { countRequest } from "@/lib/security/rate-limit";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { rateLimitedResponse } from "@/lib/security/rate-limited-response";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { db, config } = await getRuntime();
  const refusal = await countRequest(db, [
    { rule: rateLimitRules.payerPerAddress, key: clientAddress(request.headers, config.trustedProxyHops) },
  ]);
  if (refusal) return rateLimitedResponse(refusal, "errors.rateLimit.address", { "x-robots-tag": "noindex" });
  const display = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await findPayerDisplay(db, token) : undefined;
  if (!display) return NextResponse.json({ error: "Unknown payment link." }, { status: 404, headers: { "x-robots-tag": "noindex" } });
  return NextResponse.json({ status: display.status }, { headers: { "cache-control": "no-store", "x-robots-tag": "noindex" } });
}
