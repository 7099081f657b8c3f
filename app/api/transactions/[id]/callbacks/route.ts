// Every callback received for one transaction, oldest first: its page's timeline as query data
// (components/callbacks/live-callback-timeline.tsx), fetched again when the transaction's status
// moves (its stream) and, while it can still change, on a backing-off schedule (a delivery that
// changes no status pushes nothing). Operators who may read, as the page.
import { NextResponse } from "next/server";
import { listDeliveriesForTransaction } from "@/lib/db/queries/callback-deliveries";
import { findTransactionStatus } from "@/lib/db/queries/transactions";
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { msg } from "@/lib/i18n/message";
import { transactionIdSchema } from "@/lib/schemas/transaction-id";
import { callbackTimelineEntry } from "@/lib/vocabulary/transaction-live";

export const dynamic = "force-dynamic";

export const GET = operatorRoute<{ id: string }>(
  { name: "transactions.callbacks", capability: "read" },
  async (_request, { db, operator, params }) => {
    const id = transactionIdSchema.safeParse(params.id);
    if (!id.success || !(await findTransactionStatus(db, operator.storeGrants, id.data)))
      return problemResponse(404, msg("errors.transaction.unknown"));
    const entries = (await listDeliveriesForTransaction(db, id.data)).map(callbackTimelineEntry);
    return NextResponse.json({ entries }, { headers: { "cache-control": "no-store" } });
  },
);
