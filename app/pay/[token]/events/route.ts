// The payer page's live status (server-sent events): only the status, for the holder of the link.
// Each connection counts against the address's payer budget (shared with the page and status).
import { findPayerDisplay } from "@/lib/db/queries/transactions";
import { problemResponse } from "@/lib/http/problem";
import { publicRoute } from "@/lib/http/public-route";
import { msg } from "@/lib/i18n/message";
import { isFinalStatus } from "@/lib/transactions/status-polling";
import { liveStateStream } from "@/lib/live/sse-stream";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

const noindex = { "x-robots-tag": "noindex" };

export const GET = publicRoute<{ token: string }>(
  { name: "payer.events", perAddress: rateLimitRules.payerPerAddress, refusalHeaders: noindex },
  async (request, { params: { token } }) => {
    const { db } = await getRuntime();
    const first = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await findPayerDisplay(db, token) : undefined;
    if (!first) return problemResponse(404, msg("errors.route.unknownPaymentLink"), { headers: noindex });
    return liveStateStream({
      request,
      db,
      read: async () => ({ status: (await findPayerDisplay(db, token))?.status ?? null }),
      concerns: (event) => event.kind === "transaction" && event.id === first.id,
      recheckEveryMs: () => 30_000,
      isLast: (state) => isFinalStatus(state.status),
    });
  },
);
