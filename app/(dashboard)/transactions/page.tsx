// The Transactions list (every signed-in role): filters and search from the query string, keyset
// pages of 50, CSV export of the filtered set, and live badges for pending rows.
import type { Metadata } from "next";
import { LedgerFilterForm } from "@/components/transactions/ledger-filter-form";
import { LedgerPagination } from "@/components/transactions/ledger-pagination";
import { LedgerTable } from "@/components/transactions/ledger-table";
import { FormMessage } from "@/components/ui/form-message";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { listLedgerPage } from "@/lib/db/queries/ledger";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/messages";
import { ledgerQueryString, parseLedgerQuery } from "@/lib/schemas/ledger-filters";
import { getDb } from "@/lib/server/runtime";

export const metadata: Metadata = { title: "Transactions" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function TransactionsPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageOperator("read");
  const { locale, t } = await getMessages();
  const query = parseLedgerQuery(await searchParams, t);
  const page = await listLedgerPage(await getDb(), query.filters, query.cursor);
  const filtered = Object.keys(query.values).length > 0;
  const fieldErrors = Object.keys(query.errors).filter((field) => field !== "cursor");

  return (
    <>
      <PageHeader title={t["transactions.title"]} description={t["ledger.intro"]} />
      {fieldErrors.length > 0 || query.errors.cursor ? (
        <div className="mb-4 space-y-2">
          {fieldErrors.length > 0 ? <FormMessage kind="error">{t["ledger.notApplied"]}</FormMessage> : null}
          {query.errors.cursor ? <FormMessage kind="error">{query.errors.cursor}</FormMessage> : null}
        </div>
      ) : null}
      <LedgerFilterForm query={query} t={t} />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">{fill(t["ledger.rowsShown"], { n: page.rows.length })}</p>
        <div className="flex items-center gap-2">
          <a
            href={`/api/transactions/export${ledgerQueryString(query.values)}`}
            download
            className="rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100"
            aria-describedby="ledger-export-hint"
          >
            {t["ledger.export"]}
          </a>
          <span id="ledger-export-hint" className="text-sm text-slate-600">
            {t["ledger.exportHint"]}
          </span>
        </div>
      </div>
      {page.rows.length === 0 ? (
        <p className="rounded-lg border border-slate-300 bg-white p-4">{filtered ? t["ledger.empty"] : t["ledger.emptyAll"]}</p>
      ) : (
        <LedgerTable rows={page.rows} t={t} locale={locale} />
      )}
      <LedgerPagination
        page={page}
        values={query.values}
        showNewest={Boolean(query.cursor) && (page.newer !== undefined || page.rows.length === 0)}
        t={t}
      />
    </>
  );
}
