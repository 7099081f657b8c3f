// One page of the Transactions list as an accessible table; each row links to its detail page (its
// id can be copied), long values are cut with the whole value in a tooltip, and the badges of
// pending rows update live. The server formats each row (labels, money, dates) and the rows are
// drawn by one client component from that compact data (ledger-table-body.tsx).
import { LedgerLiveStatuses } from "@/components/transactions/ledger-live-statuses";
import { LedgerTableBody, type LedgerTableBodyLabels, type LedgerTableRowData } from "@/components/transactions/ledger-table-body";
import type { LedgerListRow } from "@/lib/db/queries/ledger";
import { formatDateTime, formatMoney, formatPixKey } from "@/lib/format";
import type { Locale, Messages } from "@/lib/i18n/messages";
import { pixKeyTypes } from "@/lib/schemas/pix-key";
import { transactionStatusVocabulary } from "@/lib/status-vocabulary";

// Every cell's padding and alignment come from one rule on the table rather than a class on each
// of the 400 cells of a page: the page's HTML carries each class per cell.
const cells = "[&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_th]:px-3 [&_th]:py-2 [&_th]:align-top";

function rowData(row: LedgerListRow, t: Messages, locale: Locale, live: boolean): LedgerTableRowData {
  const byKey = row.kind === "CASH_OUT" || Boolean(row.pixKey);
  return {
    id: row.id,
    kind: t[`ledger.kind.${row.kind}`],
    amount: formatMoney(row.amountCents),
    statusMode: row.creationState === "outcome_unknown" ? "unknown" : live ? "live" : "fixed",
    status: row.status,
    ...(byKey
      ? {
          keyType: row.pixKeyType ? pixKeyTypes[row.pixKeyType][locale].label : "",
          partyFirst: row.pixKey ? formatPixKey(row.pixKeyType ?? "", row.pixKey) : null,
          partySecond: null,
        }
      : { partyFirst: row.payerName, partySecond: row.payerEmail }),
    reference: row.externalReference,
    createdBy: row.createdByEmail,
    createdAtIso: row.createdAt.toISOString(),
    createdAt: formatDateTime(locale, row.createdAt),
  };
}

export function LedgerTable({ rows, t, locale }: { rows: LedgerListRow[]; t: Messages; locale: Locale }) {
  const pendingIds = rows.filter((row) => row.creationState === "created" && row.status === "PENDING").map((row) => row.id);
  const status = {
    "status.PENDING": t["status.PENDING"],
    "status.SUCCEED": t["status.SUCCEED"],
    "status.CANCELED": t["status.CANCELED"],
    "status.FAILED": t["status.FAILED"],
  };
  const labels: LedgerTableBodyLabels = {
    openTransaction: t["ledger.openTransaction"],
    copyId: t["ledger.copyId"],
    copied: t["ui.copied"],
    failed: t["ui.copyFailed"],
    status,
    unknown: { label: t[transactionStatusVocabulary.UNKNOWN.key], tone: transactionStatusVocabulary.UNKNOWN.tone },
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
        <LedgerTableBody rows={rows.map((row) => rowData(row, t, locale, pendingIds.includes(row.id)))} labels={labels} />
      </table>
    </div>
  );
  return pendingIds.length > 0 ? (
    <LedgerLiveStatuses pendingIds={pendingIds} labels={status}>
      {table}
    </LedgerLiveStatuses>
  ) : (
    table
  );
}
