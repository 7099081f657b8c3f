// The payer page's live status (server-sent events): only the status, for the holder of the link.
// Each connection counts against the address's payer budget (shared with the page and status).
import { NextResponse } from "next/server";
import { clientAddress } from "@/lib/auth/client-address";
import { findPayerDisplay } from "@/lib/db/queries/transactions";
import { isFinalStatus } from "@/lib/transactions/status-polling";
import { liveStateStream } from "@/lib/live/sse-stream";
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
  const first = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await findPayerDisplay(db, token) : undefined;
  if (!first) return NextResponse.json({ error: "Unknown payment link." }, { status: 404, headers: { "x-robots-tag": "noindex" } });
  return liveStateStream({
    request,
    db,
    read: async () => ({ status: (await findPayerDisplay(db, token))?.status ?? null }),
    concerns: (event) => event.kind === "transaction" && event.id === first.id,
    recheckEveryMs: () => 30_000,
    isLast: (state) => isFinalStatus(state.status),
  });
}
