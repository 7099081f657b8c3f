// Live status of the transactions shown on one page of the list (at most a page's worth), polled
// while any of them is pending (lib/http/operator-route.ts).
import { NextResponse } from "next/server";
import { z } from "zod";
import { findLedgerStatuses, ledgerPageSize } from "@/lib/db/queries/ledger";
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { msg } from "@/lib/i18n/message";

export const dynamic = "force-dynamic";

const idsSchema = z
  .string({ error: msg("errors.route.idsMissing") })
  .transform((text) =>
    text
      .split(",")
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.uuid({ error: msg("errors.route.idsNotUuid") }))
      .min(1, { error: msg("errors.route.idsEmpty") })
      .max(ledgerPageSize, { error: msg("errors.route.idsTooMany", { max: ledgerPageSize }) }),
  );

export const GET = operatorRoute({ name: "transactions.statuses", capability: "read" }, async (request, { db }) => {
  const ids = idsSchema.safeParse(new URL(request.url).searchParams.get("ids") ?? undefined);
  if (!ids.success) return problemResponse(400, ids.error.issues[0]?.message ?? msg("errors.route.invalidQuery"));
  const statuses = await findLedgerStatuses(db, [...new Set(ids.data.map((id) => id.toLowerCase()))]);
  return NextResponse.json({ statuses }, { headers: { "cache-control": "no-store" } });
});
