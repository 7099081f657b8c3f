// One page of the Transactions list as an accessible table; each row links to its detail page (its
// id can be copied), long values are cut with the whole value in a tooltip, and the badges of
// pending rows update live.
import Link from "next/link";
import { LedgerLiveStatuses, LedgerStatusCell, type StatusLabels } from "@/components/transactions/ledger-live-statuses";
import { StatusBadge } from "@/components/transactions/status-badge";
import { Badge } from "@/components/ui/badge";
import { CopyIdButton } from "@/components/ui/copy-id-button";
import { TruncatedText } from "@/components/ui/truncated-text";
import type { LedgerListRow } from "@/lib/db/queries/ledger";
import { formatDateTime, formatMoney, formatPixKey } from "@/lib/format";
import { fill } from "@/lib/i18n/fill";
import type { Locale, Messages } from "@/lib/i18n/messages";
import { pixKeyTypes } from "@/lib/schemas/pix-key";
import { transactionStatusVocabulary } from "@/lib/status-vocabulary";

// Every cell's padding and alignment come from one rule on the table rather than a class on each
// of the 400 cells of a page: the page's HTML and its RSC payload both carry each class per cell.
const cells = "[&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_th]:px-3 [&_th]:py-2 [&_th]:align-top";

function Party({ row, locale }: { row: LedgerListRow; locale: Locale }) {
  if (row.kind === "CASH_OUT" || row.pixKey) {
    const type = row.pixKeyType ? pixKeyTypes[row.pixKeyType][locale].label : "";
    return (
      <>
        <span className="block text-slate-700">{type}</span>
        <TruncatedText text={row.pixKey ? formatPixKey(row.pixKeyType ?? "", row.pixKey) : null} className="font-mono text-xs" />
      </>
    );
  }
  return (
    <>
      <TruncatedText text={row.payerName} />
      <TruncatedText text={row.payerEmail} className="text-slate-700" />
    </>
  );
}

function StatusCell({ row, t, live }: { row: LedgerListRow; t: Messages; live: boolean }) {
  if (row.creationState === "outcome_unknown")
    return <Badge tone={transactionStatusVocabulary.UNKNOWN.tone}>{t[transactionStatusVocabulary.UNKNOWN.key]}</Badge>;
  if (live) return <LedgerStatusCell id={row.id} initialStatus={row.status} />;
  return (
    <span data-testid="ledger-status" data-transaction-id={row.id}>
      <StatusBadge status={row.status} t={t} />
    </span>
  );
}

export function LedgerTable({ rows, t, locale }: { rows: LedgerListRow[]; t: Messages; locale: Locale }) {
  const pendingIds = rows.filter((row) => row.creationState === "created" && row.status === "PENDING").map((row) => row.id);
  const labels: StatusLabels = {
    "status.PENDING": t["status.PENDING"],
    "status.SUCCEED": t["status.SUCCEED"],
    "status.CANCELED": t["status.CANCELED"],
    "status.FAILED": t["status.FAILED"],
  };
  const table = (
    <div className="overflow-x-auto rounded-lg border border-slate-300 bg-white">
      <table className={`w-full text-left text-sm ${cells}`}>
        <caption className="sr-only">{t["ledger.caption"]}</caption>
        <thead className="bg-slate-100">
          <tr>
            <th scope="col">{t["ledger.col.transaction"]}</th>
            <th scope="col">{t["ledger.col.kind"]}</th>
            <th scope="col" className="text-right">
              {t["ledger.col.amount"]}
            </th>
            <th scope="col">{t["ledger.col.status"]}</th>
            <th scope="col">{t["ledger.col.party"]}</th>
            <th scope="col">{t["ledger.col.reference"]}</th>
            <th scope="col">{t["ledger.col.createdBy"]}</th>
            <th scope="col">{t["ledger.col.createdAt"]}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-slate-200" data-testid="ledger-row">
              <th scope="row" className="whitespace-nowrap font-normal">
                {/* No prefetch while in view: a page of 50 rows would ask the server for 50 detail pages. */}
                <Link
                  href={`/transactions/${row.id}`}
                  prefetch={false}
                  className="font-mono text-brand-700 underline"
                  aria-label={fill(t["ledger.openTransaction"], { id: row.id })}
                >
                  {row.id.slice(0, 8)}
                </Link>
                <CopyIdButton
                  value={row.id}
                  label={fill(t["ledger.copyId"], { id: row.id })}
                  copied={t["ui.copied"]}
                  failed={t["ui.copyFailed"]}
                />
              </th>
              <td className="whitespace-nowrap">{t[`ledger.kind.${row.kind}`]}</td>
              <td className="whitespace-nowrap text-right font-semibold tabular-nums">{formatMoney(row.amountCents)}</td>
              <td>
                <StatusCell row={row} t={t} live={pendingIds.includes(row.id)} />
              </td>
              <td>
                <Party row={row} locale={locale} />
              </td>
              <td>
                <TruncatedText text={row.externalReference} className="max-w-[12rem]" />
              </td>
              <td>
                <TruncatedText text={row.createdByEmail} className="max-w-[12rem]" />
              </td>
              <td className="whitespace-nowrap">
                <time dateTime={row.createdAt.toISOString()}>{formatDateTime(locale, row.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  return pendingIds.length > 0 ? (
    <LedgerLiveStatuses pendingIds={pendingIds} labels={labels}>
      {table}
    </LedgerLiveStatuses>
  ) : (
    table
  );
}
