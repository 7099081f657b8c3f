// Live status of the transactions shown on one page of the list (at most a page's worth), polled
// while its stream (events/route.ts) is down and any of them is pending (lib/http/operator-route.ts).
import { NextResponse } from "next/server";
import { findLedgerStatuses } from "@/lib/db/queries/ledger";
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { msg } from "@/lib/i18n/message";
import { transactionIdsSchema } from "@/lib/schemas/transaction-ids";

export const dynamic = "force-dynamic";

export const GET = operatorRoute({ name: "transactions.statuses", capability: "read" }, async (request, { db, operator }) => {
  const ids = transactionIdsSchema.safeParse(new URL(request.url).searchParams.get("ids") ?? undefined);
  if (!ids.success) return problemResponse(400, ids.error.issues[0]?.message ?? msg("errors.route.invalidQuery"));
  const statuses = await findLedgerStatuses(db, operator.storeGrants, ids.data);
  return NextResponse.json({ statuses }, { headers: { "cache-control": "no-store" } });
});
