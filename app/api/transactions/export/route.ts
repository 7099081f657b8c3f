// CSV export of the Transactions list with the same filters as the page (invalid ones ignored, but a
// refused day answers 400: a file of every day is not what a date filter asked for),
// streamed in keyset batches, Brazilian (`;`, 1234,56) or standard CSV (`format=br|standard`,
// default by language). Operators who can read, past two-factor (lib/http/operator-route.ts).
// Personal data masked unless `personalData=full` by a role allowed it (lib/personal-data/export-choice.ts).
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { getMessages } from "@/lib/i18n/locale";
import { ledgerCsvStream } from "@/lib/ledger/csv-export-stream";
import { csvDialectFor, csvDialects, ledgerCsvFileName } from "@/lib/ledger/csv";
import { chooseExportView, exportHeaders } from "@/lib/personal-data/export-choice";
import { parseLedgerQuery } from "@/lib/schemas/ledger-filters";

export const dynamic = "force-dynamic";

export const GET = operatorRoute({ name: "transactions.export", capability: "read" }, async (request, { db, config, operator }) => {
  const choice = await chooseExportView(request, { db, config, operator, exportName: "transactions" });
  if ("refusal" in choice) return choice.refusal;
  const params = new URL(request.url).searchParams;
  const { filters, errors } = parseLedgerQuery(params);
  const dateError = errors.from ?? errors.to;
  if (dateError) return problemResponse(400, dateError);
  // Readable labels in the operator's language; the separator and decimal mark as asked, else the language's default.
  const { locale, t } = await getMessages();
  const dialect = csvDialects[csvDialectFor(params.get("format"), locale)];
  return new Response(
    ledgerCsvStream(db, operator.stores, filters, { dialect, t, taxUnit: config.wallet.taxUnit, personalData: choice.view }),
    {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        ...exportHeaders(choice.view, ledgerCsvFileName(new Date())),
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    },
  );
});
