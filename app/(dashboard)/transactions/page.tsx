// The Transactions list (every signed-in role): filters and search from the query string (a compact
// bar with chips), the number of matching rows, keyset pages of 50, CSV export of the filtered set
// (Brazilian or standard), and live badges for pending rows.
import { formatNumber } from "@/lib/format";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LedgerFilterChips, LedgerFilterForm } from "@/components/transactions/ledger-filter-form";
import { LedgerPagination } from "@/components/transactions/ledger-pagination";
import { LedgerTable, ledgerColumnNames } from "@/components/transactions/ledger-table";
import { LedgerColumnsMenu } from "@/components/transactions/ledger-columns-menu";
import { LedgerViewsMenu } from "@/components/transactions/ledger-views-menu";
import { ButtonAnchor } from "@/components/ui/button-link";
import { FormMessage } from "@/components/ui/form-message";
import { PageHeader } from "@/components/ui/page-header";
import { Toaster } from "@/components/ui/toaster";
import { requirePageOperator } from "@/lib/auth/session";
import { countLedgerRows, listLedgerPage } from "@/lib/db/queries/ledger";
import { clientMessages } from "@/lib/i18n/client-messages";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/fill";
import type { Locale, Messages } from "@/lib/i18n/messages";
import { csvDialectFor } from "@/lib/ledger/csv";
import { mayExportUnmasked } from "@/lib/personal-data/exposure";
import { ledgerLookFields, ledgerQueryString, parseLedgerQuery } from "@/lib/schemas/ledger-filters";
import { listLedgerViews } from "@/lib/saved-views/ledger-views";
import { ledgerBuiltInViews } from "@/lib/vocabulary/ledger-built-in-views";
import { getDb, getRuntime } from "@/lib/server/runtime";
import { queryWithoutEmptyParams } from "@/lib/url/query-without-empty";
import { defaultLedgerSort } from "@/lib/vocabulary/ledger-page";
import { saoPauloDayOf } from "@/lib/vocabulary/sao-paulo-dates";

export const metadata: Metadata = { title: "Transactions" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function countText(t: Messages, locale: Locale, count: { count: number; capped: boolean }): string {
  const n = formatNumber(locale, count.count);
  if (count.capped) return fill(t["ledger.count.capped"], { n });
  return count.count === 1 ? t["ledger.count.one"] : fill(t["ledger.count.many"], { n });
}

export default async function TransactionsPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requirePageOperator("read");
  const { locale, t } = await getMessages();
  const params = await searchParams;
  const clean = queryWithoutEmptyParams(params);
  if (clean !== null) redirect(`/transactions${clean}`);
  const now = new Date();
  const query = parseLedgerQuery(params, t, now);
  const db = await getDb();
  const [page, count, savedViews] = await Promise.all([
    listLedgerPage(db, operator.stores, query.filters, query.cursor, undefined, query.sort),
    countLedgerRows(db, operator.stores, query.filters),
    listLedgerViews(db, operator.id, now),
  ]);
  // The table's look (columns, density) is no filter: the rows and the export do not depend on it.
  const noLook = Object.fromEntries(ledgerLookFields.map((field) => [field, undefined]));
  const rowQuery = ledgerQueryString({ ...query.values, ...noLook });
  const filtered = rowQuery !== "";
  const fieldErrors = Object.keys(query.errors).filter((field) => field !== "cursor");
  const exportQuery = rowQuery;
  const columnNames = ledgerColumnNames(t, query.sort.endsWith("paid"));
  const viewMessages = clientMessages(t, "ledgerViews");
  const exportHref = (format: "br" | "standard", personalData?: "full") =>
    `/api/transactions/export${exportQuery ? `${exportQuery}&` : "?"}format=${format}${personalData ? "&personalData=full" : ""}`;
  // Exports are masked; a role PERSONAL_DATA_FULL_EXPORT_ROLES names may ask for one in full (audited).
  const mayExportFull = mayExportUnmasked(operator.role, (await getRuntime()).config);
  const preferred = csvDialectFor(null, locale);
  const other = preferred === "br" ? "standard" : "br";

  return (
    <>
      <PageHeader title={t["transactions.title"]} description={t["ledger.intro"]} />
      {fieldErrors.length > 0 || query.errors.cursor ? (
        <div className="mb-4 space-y-2">
          {fieldErrors.length > 0 ? <FormMessage kind="error">{t["ledger.notApplied"]}</FormMessage> : null}
          {query.errors.cursor ? <FormMessage kind="error">{query.errors.cursor}</FormMessage> : null}
        </div>
      ) : null}
      <LedgerFilterForm
        query={query}
        t={t}
        pickerMessages={clientMessages(t, "dateRangePicker")}
        locale={locale}
        today={saoPauloDayOf(now)}
      />
      <div className="mb-3 flex flex-wrap items-start gap-2">
        <LedgerViewsMenu
          builtIn={ledgerBuiltInViews.map((view) => ({ id: view.id, label: t[`views.builtIn.${view.id}`], query: view.query }))}
          initialViews={savedViews}
          currentQuery={ledgerQueryString(query.values).slice(1)}
          t={viewMessages}
        />
        <LedgerColumnsMenu
          columns={query.columns}
          density={query.density}
          names={columnNames}
          baseQuery={rowQuery.slice(1)}
          t={viewMessages}
        />
      </div>
      <LedgerFilterChips query={query} t={t} locale={locale} />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-800" data-testid="ledger-count" aria-live="polite">
          {countText(t, locale, count)}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <ButtonAnchor href={exportHref(preferred)} download size="sm" aria-describedby="ledger-export-hint">
            {t["ledger.export"]}
          </ButtonAnchor>
          <span className="text-sm text-slate-700">
            {t["ledger.export.alternative"]}{" "}
            <ButtonAnchor href={exportHref(other)} download variant="link" size="sm">
              {t[`ledger.export.${other}`]}
            </ButtonAnchor>
          </span>
          {mayExportFull ? (
            <ButtonAnchor
              href={exportHref(preferred, "full")}
              download
              variant="link"
              size="sm"
              title={t["personalData.export.fullHint"]}
              data-testid="ledger-export-full"
            >
              {t["personalData.export.full"]}
            </ButtonAnchor>
          ) : null}
          <span id="ledger-export-hint" className="w-full text-sm text-slate-600">
            {t["ledger.exportHint"]} {fill(t["ledger.export.as"], { format: t[`ledger.export.${preferred}`] })}{" "}
            {t["personalData.maskedNote"]}
          </span>
        </div>
      </div>
      {page.rows.length === 0 ? (
        <p className="rounded-lg border border-slate-300 bg-white p-4">{filtered ? t["ledger.empty"] : t["ledger.emptyAll"]}</p>
      ) : (
        <LedgerTable
          rows={page.rows}
          t={t}
          locale={locale}
          sort={query.sort}
          columns={query.columns}
          density={query.density}
          sortHref={
            query.filters.search
              ? undefined
              : (sort) => `/transactions${ledgerQueryString({ ...query.values, sort: sort === defaultLedgerSort ? undefined : sort })}`
          }
        />
      )}
      <LedgerPagination
        page={page}
        values={query.values}
        showNewest={Boolean(query.cursor) && (page.newer !== undefined || page.rows.length === 0)}
        t={t}
      />
      <Toaster closeLabel={t["ui.close"]} />
    </>
  );
}
