// The command palette's transaction lookup (components/command-palette): the ledger's own search
// (id, wallet id, CPF/CNPJ, start of a name, e-mail, reference or PIX key; lib/db/queries/ledger.ts),
// its first few matches, masked like every list. Read-only, for every signed-in role.
import { NextResponse } from "next/server";
import { listLedgerPage } from "@/lib/db/queries/ledger";
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { msg } from "@/lib/i18n/message";
import { maxSearchLength } from "@/lib/schemas/ledger-filters";
import * as z from "@/lib/schemas/zod";
import { type PaletteTransaction, paletteMinimumQuery, paletteTransactionLimit } from "@/lib/vocabulary/command-palette";

export const dynamic = "force-dynamic";

const querySchema = z.string().check(z.trim(), z.minLength(paletteMinimumQuery), z.maxLength(maxSearchLength));

export const GET = operatorRoute({ name: "transactions.find", capability: "read" }, async (request, { db, operator }) => {
  const query = querySchema.safeParse(new URL(request.url).searchParams.get("q") ?? "");
  if (!query.success) return problemResponse(400, msg("errors.route.invalidQuery"));
  const page = await listLedgerPage(db, operator.stores, { search: query.data }, undefined, paletteTransactionLimit);
  const transactions: PaletteTransaction[] = page.rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    creationState: row.creationState,
    status: row.status,
    amountCents: row.amountCents,
    party: row.payerName ?? row.pixKey,
    reference: row.externalReference,
    createdAt: row.createdAt.toISOString(),
  }));
  return NextResponse.json({ transactions }, { headers: { "cache-control": "no-store" } });
});
