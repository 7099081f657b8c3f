// One page of the Transactions list as an accessible table; each row links to its detail page (its
// id can be copied), long values are cut with the whole value in a tooltip, and the badges of
// pending rows update live. The server formats each row (labels, money, dates) and the table is
// drawn by one client component from that compact data (ledger-table-view.tsx).
import { actorLabel } from "@/lib/vocabulary/api-key-actor";
import { LedgerLiveStatuses } from "@/components/transactions/ledger-live-statuses";
import { type LedgerTableLabels, type LedgerTableRowData, LedgerTableView } from "@/components/transactions/ledger-table-view";
import { defaultLedgerSort, type LedgerListRow, type LedgerSort, type LedgerSortColumn } from "@/lib/vocabulary/ledger-page";
import { sortHeaderLink } from "@/components/ui/data-table";
import { fill } from "@/lib/i18n/fill";
import { formatDateTime, formatBRL, formatPixKey } from "@/lib/format";
import type { Locale, Messages } from "@/lib/i18n/messages";
import { pixKeyTypes } from "@/lib/vocabulary/pix-key-types";
import { transactionStatusVocabulary } from "@/lib/vocabulary/status-labels";
import { type LedgerDensity, type LedgerOptionalColumn, ledgerOptionalColumns } from "@/lib/vocabulary/ledger-columns";

function rowData(row: LedgerListRow, t: Messages, locale: Locale, live: boolean, byPaidTime: boolean): LedgerTableRowData {
  // Sorted by the time paid, the last column shows that time instead of the creation's.
  const shownTime = byPaidTime && row.statusChangedAt ? row.statusChangedAt : row.createdAt;
  const byKey = row.kind === "CASH_OUT" || Boolean(row.pixKey);
  return {
    id: row.id,
    kind: t[`ledger.kind.${row.kind}`],
    amount: formatBRL(row.amountCents),
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
    createdBy: row.createdByEmail ? actorLabel(row.createdByEmail, t["auditLog.actor.apiKey"]) : null,
    createdAtIso: shownTime.toISOString(),
    createdAt: formatDateTime(locale, shownTime),
  };
}

/**
 * The columns' names, as the table's headers and the Columns menu show them: sorted by the time
 * paid, the time column is that time.
 */
export function ledgerColumnNames(t: Messages, byPaidTime: boolean): Record<LedgerOptionalColumn, string> {
  return {
    kind: t["ledger.col.kind"],
    amount: t["ledger.col.amount"],
    status: t["ledger.col.status"],
    party: t["ledger.col.party"],
    reference: t["ledger.col.reference"],
    createdBy: t["ledger.col.createdBy"],
    time: byPaidTime ? t["ledger.col.paidAt"] : t["ledger.col.createdAt"],
  };
}

export function LedgerTable({
  rows,
  t,
  locale,
  sort = defaultLedgerSort,
  sortHref,
  columns = ledgerOptionalColumns,
  density = "comfortable",
}: {
  rows: LedgerListRow[];
  t: Messages;
  locale: Locale;
  sort?: LedgerSort;
  /** The optional columns shown, in order (lib/vocabulary/ledger-columns.ts). */
  columns?: readonly LedgerOptionalColumn[];
  density?: LedgerDensity;
  /** The list's URL in another order (the filters kept, the page cursor dropped); absent: the headers do not sort (a search). */
  sortHref?: (sort: LedgerSort) => string;
}) {
  const byPaidTime = sort.endsWith("paid");
  const timeColumn = byPaidTime ? "paid" : "created";
  const sortLink = (column: LedgerSortColumn, name: string) =>
    sortHeaderLink(sort, column, sortHref!, (next) => fill(t["ledger.sortColumn"], { column: name, order: t[`ledger.sort.${next}`] }));
  const names = ledgerColumnNames(t, byPaidTime);
  const pendingIds = rows.filter((row) => row.creationState === "created" && row.status === "PENDING").map((row) => row.id);
  const status = {
    "status.PENDING": t["status.PENDING"],
    "status.SUCCEED": t["status.SUCCEED"],
    "status.CANCELED": t["status.CANCELED"],
    "status.FAILED": t["status.FAILED"],
  };
  const labels: LedgerTableLabels = {
    caption:
      sort === defaultLedgerSort
        ? t["ledger.caption"]
        : fill(t["ledger.captionSorted"], { order: t[`ledger.sort.${sort}`].replace(/^\p{Lu}/u, (first) => first.toLowerCase()) }),
    columns: { transaction: t["ledger.col.transaction"], ...names },
    sortable: sortHref ? { amount: sortLink("amount", names.amount), time: sortLink(timeColumn, names.time) } : undefined,
    openTransaction: t["ledger.openTransaction"],
    copyId: t["ledger.copyId"],
    copied: t["ui.copied"],
    failed: t["ui.copyFailed"],
    status,
    unknown: { label: t[transactionStatusVocabulary.UNKNOWN.key], tone: transactionStatusVocabulary.UNKNOWN.tone },
  };
  const table = (
    <LedgerTableView
      rows={rows.map((row) => rowData(row, t, locale, pendingIds.includes(row.id), byPaidTime))}
      labels={labels}
      columns={columns}
      density={density}
    />
  );
  return pendingIds.length > 0 ? (
    <LedgerLiveStatuses pendingIds={pendingIds} labels={status}>
      {table}
    </LedgerLiveStatuses>
  ) : (
    table
  );
}
