// Download of a payout batch's results (CSV): each row's wallet id, status, or error. Operators
// who move money only (lib/http/operator-route.ts); keys masked unless asked for in full by a role
// allowed it (lib/personal-data/export-choice.ts).
import * as z from "@/lib/schemas/zod";
import { payoutResultsCsv } from "@/lib/cash-out/results-csv";
import { findCashOutRequest, listCashOutRequestRows } from "@/lib/db/queries/cash-out-requests";
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { msg } from "@/lib/i18n/message";
import { chooseExportView, exportHeaders } from "@/lib/personal-data/export-choice";
import { maskPersonalFields } from "@/lib/vocabulary/personal-data-masks";

export const dynamic = "force-dynamic";

export const GET = operatorRoute<{ id: string }>(
  { name: "cash_out_request.results", capability: "moveMoney" },
  async (httpRequest, { db, config, operator, params }) => {
    const choice = await chooseExportView(httpRequest, { db, config, operator, exportName: "payout_results" });
    if ("refusal" in choice) return choice.refusal;
    const { id } = params;
    const request = z.uuid().safeParse(id).success ? await findCashOutRequest(db, operator.stores, id) : undefined;
    if (!request) return problemResponse(404, msg("errors.approvals.unknownRequest"));
    const stored = await listCashOutRequestRows(db, id);
    const rows = choice.view === "full" ? stored : stored.map(maskPersonalFields);
    return new Response(payoutResultsCsv(request, rows), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        ...exportHeaders(choice.view, `payout-results-${id.slice(0, 8)}.csv`),
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
);
