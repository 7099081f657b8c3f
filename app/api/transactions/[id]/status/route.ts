// Live status of one local transaction, for operators' pages (polled; lib/http/operator-route.ts).
import { NextResponse } from "next/server";
import { findTransactionStatus } from "@/lib/db/queries/transactions";
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { msg } from "@/lib/i18n/message";
import { transactionIdSchema } from "@/lib/schemas/transaction-id";

export const dynamic = "force-dynamic";

export const GET = operatorRoute<{ id: string }>(
  { name: "transactions.status", capability: "read" },
  async (_request, { db, operator, params }) => {
    const id = transactionIdSchema.safeParse(params.id);
    const row = id.success ? await findTransactionStatus(db, operator.storeGrants, id.data) : undefined;
    if (!row) return problemResponse(404, msg("errors.transaction.unknown"));
    return NextResponse.json(row, { headers: { "cache-control": "no-store" } });
  },
);
