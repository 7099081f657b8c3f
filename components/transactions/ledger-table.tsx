// One page of the Transactions list as an accessible table; each row links to its detail page (its
// id can be copied), long values are cut with the whole value in a tooltip, and the badges of
// pending rows update live. The server formats each row (labels, money, dates) and the table is
// drawn by one client component from that compact data (ledger-table-view.tsx).
import { actorLabel } from "@/lib/vocabulary/api-key-actor";
import { LedgerLiveStatuses } from "@/components/transactions/ledger-live-statuses";
import { type LedgerTableLabels, type LedgerTableRowData, LedgerTableView } from "@/components/transactions/ledger-table-view";
import type { LedgerListRow } from "@/lib/vocabulary/ledger-page";
import { formatDateTime, formatBRL, formatPixKey } from "@/lib/format";
import type { Locale, Messages } from "@/lib/i18n/messages";
import { pixKeyTypes } from "@/lib/schemas/pix-key";
import { transactionStatusVocabulary } from "@/lib/vocabulary/status-labels";

function rowData(row: LedgerListRow, t: Messages, locale: Locale, live: boolean): LedgerTableRowData {
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
  const labels: LedgerTableLabels = {
    caption: t["ledger.caption"],
    columns: [
      t["ledger.col.transaction"],
      t["ledger.col.kind"],
      t["ledger.col.amount"],
      t["ledger.col.status"],
      t["ledger.col.party"],
      t["ledger.col.reference"],
      t["ledger.col.createdBy"],
      t["ledger.col.createdAt"],
    ],
    openTransaction: t["ledger.openTransaction"],
    copyId: t["ledger.copyId"],
    copied: t["ui.copied"],
    failed: t["ui.copyFailed"],
    status,
    unknown: { label: t[transactionStatusVocabulary.UNKNOWN.key], tone: transactionStatusVocabulary.UNKNOWN.tone },
  };
  const table = <LedgerTableView rows={rows.map((row) => rowData(row, t, locale, pendingIds.includes(row.id)))} labels={labels} />;
  return pendingIds.length > 0 ? (
    <LedgerLiveStatuses pendingIds={pendingIds} labels={status}>
      {table}
    </LedgerLiveStatuses>
  ) : (
    table
  );
}
