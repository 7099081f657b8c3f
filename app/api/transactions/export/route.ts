// CSV export of the Transactions list with the same filters as the page (invalid ones ignored),
// streamed in keyset batches, Brazilian (`;`, 1234,56) or standard CSV (`format=br|standard`,
// default by language). Operators who can read, past two-factor (lib/http/operator-route.ts).
import { operatorRoute } from "@/lib/http/operator-route";
import { getMessages } from "@/lib/i18n/locale";
import { ledgerCsvStream } from "@/lib/ledger/csv-export-stream";
import { csvDialectFor, csvDialects, ledgerCsvFileName } from "@/lib/ledger/csv";
import { parseLedgerQuery } from "@/lib/schemas/ledger-filters";

export const dynamic = "force-dynamic";

export const GET = operatorRoute({ name: "transactions.export", capability: "read" }, async (request, { db }) => {
  const params = new URL(request.url).searchParams;
  const { filters } = parseLedgerQuery(params);
  // Readable labels in the operator's language; the separator and decimal mark as asked, else the language's default.
  const { locale, t } = await getMessages();
  const dialect = csvDialects[csvDialectFor(params.get("format"), locale)];
  return new Response(ledgerCsvStream(db, filters, { dialect, t }), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${ledgerCsvFileName(new Date())}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
