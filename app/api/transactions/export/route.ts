// CSV export of the Transactions list with the same filters as the page (invalid ones ignored),
// streamed in keyset batches. Signed-in operators only.
import { NextResponse } from "next/server";
import { getCurrentOperator } from "@/lib/auth/session";
import { ledgerCsvStream } from "@/lib/ledger/csv-export-stream";
import { ledgerCsvFileName } from "@/lib/ledger/csv";
import { parseLedgerQuery } from "@/lib/schemas/ledger-filters";
import { getDb } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  if (!(await getCurrentOperator())) return NextResponse.json({ error: "Sign in to export transactions." }, { status: 401 });
  const { filters } = parseLedgerQuery(new URL(request.url).searchParams);
  return new Response(ledgerCsvStream(await getDb(), filters), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${ledgerCsvFileName(new Date())}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
