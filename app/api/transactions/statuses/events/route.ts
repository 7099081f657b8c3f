// The list's pending statuses as server-sent events: the statuses now, then again whenever one of
// these transactions changes, until none is pending (lib/http/operator-route.ts).
import { findLedgerStatuses } from "@/lib/db/queries/ledger";
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { msg } from "@/lib/i18n/message";
import { liveStateStream } from "@/lib/live/sse-stream";
import { transactionIdsSchema } from "@/lib/schemas/transaction-ids";

export const dynamic = "force-dynamic";

export const GET = operatorRoute({ name: "transactions.statuses.events", capability: "read" }, async (request, { db, operator }) => {
  const parsed = transactionIdsSchema.safeParse(new URL(request.url).searchParams.get("ids") ?? undefined);
  if (!parsed.success) return problemResponse(400, parsed.error.issues[0]?.message ?? msg("errors.route.invalidQuery"));
  const ids = new Set(parsed.data);
  return liveStateStream({
    request,
    db,
    read: async () => ({ statuses: await findLedgerStatuses(db, operator.storeGrants, parsed.data) }),
    concerns: (event) => event.kind === "transaction" && ids.has(event.id),
    recheckEveryMs: () => 30_000,
    isLast: (state) => !state.statuses.some((row) => row.status === "PENDING"),
  });
});
