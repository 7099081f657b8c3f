// Live status of one local transaction for signed-in operators' pages (server-sent events).
import { NextResponse } from "next/server";
import { getCurrentOperator } from "@/lib/auth/session";
import { findTransactionStatus } from "@/lib/db/queries/transactions";
import { liveStateStream } from "@/lib/live/sse-stream";
import { transactionIdSchema } from "@/lib/schemas/transaction-id";
import { isFinalStatus } from "@/lib/transactions/status-polling";
import { getDb } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  if (!(await getCurrentOperator())) return NextResponse.json({ error: "Sign in to see transactions." }, { status: 401 });
  const id = transactionIdSchema.safeParse((await params).id);
  const db = await getDb();
  if (!id.success || !(await findTransactionStatus(db, id.data)))
    return NextResponse.json({ error: "Unknown transaction." }, { status: 404 });
  return liveStateStream({
    request,
    db,
    read: async () => (await findTransactionStatus(db, id.data)) ?? null,
    concerns: (event) => event.kind === "transaction" && event.id === id.data,
    recheckEveryMs: () => 30_000,
    isLast: (state) => state === null || isFinalStatus(state.status),
  });
}
