// Download of a payout batch's results (CSV): each row's wallet id, status, or error. Finance and
// admin operators only.
import { NextResponse } from "next/server";
import { z } from "zod";
import { roleCan } from "@/lib/auth/roles";
import { getCurrentOperator } from "@/lib/auth/session";
import { payoutResultsCsv } from "@/lib/cash-out-approvals/results-csv";
import { findCashOutRequest, listCashOutRequestRows } from "@/lib/db/queries/cash-out-requests";
import { getDb } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const operator = await getCurrentOperator();
  if (!operator) return NextResponse.json({ error: "Sign in to download results." }, { status: 401 });
  if (!roleCan(operator.role, "moveMoney")) return NextResponse.json({ error: "Your role cannot see payout results." }, { status: 403 });
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) return NextResponse.json({ error: "Unknown request." }, { status: 404 });
  const db = await getDb();
  const request = await findCashOutRequest(db, id);
  if (!request) return NextResponse.json({ error: "Unknown request." }, { status: 404 });
  const rows = await listCashOutRequestRows(db, id);
  return new Response(payoutResultsCsv(request, rows), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="payout-results-${id.slice(0, 8)}.csv"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
