// Live status of one local transaction, for signed-in operators' pages (polled).
import { NextResponse } from "next/server";
import { getCurrentOperator } from "@/lib/auth/session";
import { findTransactionStatus } from "@/lib/db/queries/transactions";
import { transactionIdSchema } from "@/lib/schemas/transaction-id";
import { getDb } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  if (!(await getCurrentOperator())) return NextResponse.json({ error: "Sign in to see transactions." }, { status: 401 });
  const id = transactionIdSchema.safeParse((await params).id);
  const row = id.success ? await findTransactionStatus(await getDb(), id.data) : undefined;
  if (!row) return NextResponse.json({ error: "Unknown transaction." }, { status: 404 });
  return NextResponse.json(row, { headers: { "cache-control": "no-store" } });
}
