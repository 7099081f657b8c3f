// /api/v1/transactions: the ledger, as the Transactions page lists it (lib/db/queries/ledger.ts:
// the same filters, newest first on (created_at, id), keyset pages), with an opaque cursor.
import "server-only";
import { listLedgerPage } from "@/lib/db/queries/ledger";
import { apiJson, type ApiKeyRouteContext } from "@/lib/http/api-key-route";
import { fieldErrorsOf } from "@/lib/schemas/field-errors";
import { msg } from "@/lib/i18n/message";
import { listTransactionsQuery } from "@/lib/api-v1/schemas";
import { decodeLedgerCursor, encodeLedgerCursor } from "@/lib/schemas/ledger-filters";

export async function listTransactionsResponse(request: Request, context: ApiKeyRouteContext<Record<string, never>, undefined>) {
  const query = listTransactionsQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return context.problem(400, msg("errors.route.invalidQuery"), { fieldErrors: fieldErrorsOf(query.error) });
  const { limit, cursor: cursorText, ...filters } = query.data;
  const cursor = cursorText ? decodeLedgerCursor(cursorText) : undefined;
  if (cursorText && cursor?.direction !== "older") return context.problem(400, msg("errors.ledger.cursor"));
  const page = await listLedgerPage(
    context.db,
    context.stores,
    {
      kind: filters.kind,
      status: filters.status,
      createdFrom: filters.createdFrom ? new Date(filters.createdFrom) : undefined,
      createdBefore: filters.createdBefore ? new Date(filters.createdBefore) : undefined,
      amountMinCents: filters.amountMinCents,
      amountMaxCents: filters.amountMaxCents,
      search: filters.q,
    },
    cursor,
    limit,
  );
  return apiJson({
    data: page.rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      amountCents: row.amountCents,
      status: row.status,
      creationState: row.creationState,
      payerName: row.payerName,
      payerEmail: row.payerEmail,
      pixKeyType: row.pixKeyType,
      pixKey: row.pixKey,
      externalReference: row.externalReference,
      createdBy: row.createdByEmail,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: page.older ? encodeLedgerCursor(page.older) : null,
  });
}
