// Download of a payout batch's results (CSV): each row's wallet id, status, or error. Operators
// who move money only (lib/http/operator-route.ts).
import { z } from "zod";
import { payoutResultsCsv } from "@/lib/cash-out/results-csv";
import { findCashOutRequest, listCashOutRequestRows } from "@/lib/db/queries/cash-out-requests";
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { msg } from "@/lib/i18n/message";

export const dynamic = "force-dynamic";

export const GET = operatorRoute<{ id: string }>(
  { name: "cash_out_request.results", capability: "moveMoney" },
  async (_request, { db, params }) => {
    const { id } = params;
    const request = z.uuid().safeParse(id).success ? await findCashOutRequest(db, id) : undefined;
    if (!request) return problemResponse(404, msg("errors.approvals.unknownRequest"));
    const rows = await listCashOutRequestRows(db, id);
    return new Response(payoutResultsCsv(request, rows), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="payout-results-${id.slice(0, 8)}.csv"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
);
