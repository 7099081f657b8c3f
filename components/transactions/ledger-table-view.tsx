"use client";
// One page of the Transactions list, drawn from compact data the server formatted (labels, money,
// dates): the page's RSC payload carries 50 small records instead of 50 trees of elements, class
// names and client references, and each row is few plain elements — the rows' links and copy
// buttons share one click handler, the copy icon is drawn by CSS, and the look the rows share is set
// once on the table — so the server renders the page faster.
import { Check } from "lucide-react";
import { useRouter } from "next/navigation";
import { type MouseEvent, useEffect, useState } from "react";
import { LedgerStatusCell, type StatusLabels } from "@/components/transactions/ledger-live-statuses";
import { StatusBadge } from "@/components/transactions/status-badge";
import { Badge } from "@/components/ui/badge";
import { type CopyMessages, copyIdButtonClassName, copyWithToast } from "@/components/ui/copy-id-button";
import { TruncatedText } from "@/components/ui/truncated-text";
import { columnNameProperties } from "@/components/ui/data-table";
import { SortHeader, type SortHeaderLink } from "@/components/ui/sort-header";
import { TableFrame } from "@/components/ui/table-frame";
import { fill } from "@/lib/i18n/fill";
import type { Tone } from "@/lib/vocabulary/status-labels";
import { type LedgerDensity, type LedgerOptionalColumn, ledgerOptionalColumns } from "@/lib/vocabulary/ledger-columns";

export type LedgerTableRowData = {
  id: string;
  kind: string;
  amount: string;
  /** "live": a pending row whose badge updates; "unknown": the wallet's answer was never seen. */
  statusMode: "fixed" | "live" | "unknown";
  status: string | null;
  /** Present for a cash-out (or a row with a key): the key type's label above the key (partyFirst). */
  keyType?: string;
  /** The key, or the payer's name (above their e-mail, partySecond). */
  partyFirst: string | null;
  partySecond: string | null;
  reference: string | null;
  createdBy: string | null;
  createdAtIso: string;
  createdAt: string;
};

export type LedgerTableLabels = CopyMessages & {
  caption: string;
  /** Each column's header: the transaction's (always first) and the optional ones'. */
  columns: Record<"transaction" | LedgerOptionalColumn, string>;
  /** "Open transaction {id}" and "Copy transaction id {id}". */
  openTransaction: string;
  copyId: string;
  status: StatusLabels;
  unknown: { label: string; tone: Tone };
  /**
   * Headers that sort the list, by column: a link to the list in that column's next order
   * (`label` names it for screen readers), and `aria-sort` when the list is in that column's order.
   */
  sortable?: Partial<Record<LedgerOptionalColumn, SortHeaderLink>>;
};

// Every cell's padding and alignment, and each row's border, id cell and link look, come from rules
// on the table rather than classes on each of a page's 50 rows (each attribute is more for the
// server to write).
const rowLook = [
  "[&_td]:px-3 [&_td]:align-top [&_th]:px-3 [&_th]:align-top",
  "[&_tbody_tr]:border-t [&_tbody_tr]:border-slate-200 [&_tbody_th]:whitespace-nowrap [&_tbody_th]:font-normal",
  "[&_a[data-row-link]]:font-mono [&_a[data-row-link]]:text-brand-700 [&_a[data-row-link]]:underline",
].join(" ");
const copiedForMs = 2000;
// The rows' height by density: compact halves the padding and uses the small text.
const densityLook: Record<LedgerDensity, string> = {
  comfortable: "text-sm [&_td]:py-2 [&_th]:py-2",
  compact: "text-xs [&_td]:py-1 [&_th]:py-1",
};

function Cell({ column, row, labels }: { column: LedgerOptionalColumn; row: LedgerTableRowData; labels: LedgerTableLabels }) {
  switch (column) {
    case "kind":
      return <td className="whitespace-nowrap">{row.kind}</td>;
    case "amount":
      return <td className="whitespace-nowrap text-right font-semibold tabular-nums">{row.amount}</td>;
    case "status":
      return (
        <td>
          <Status row={row} labels={labels} />
        </td>
      );
    case "party":
      return (
        <td>
          {row.keyType !== undefined ? (
            <>
              <span className="block text-slate-700">{row.keyType}</span>
              <TruncatedText text={row.partyFirst} maxWidth="max-w-[11rem]" className="font-mono text-xs" />
            </>
          ) : (
            <>
              <TruncatedText text={row.partyFirst} maxWidth="max-w-[11rem]" />
              <TruncatedText text={row.partySecond} maxWidth="max-w-[11rem]" className="text-slate-700" />
            </>
          )}
        </td>
      );
    case "reference":
      return (
        <td>
          <TruncatedText text={row.reference} maxWidth="max-w-[8rem]" />
        </td>
      );
    case "createdBy":
      return (
        <td>
          <TruncatedText text={row.createdBy} maxWidth="max-w-[9rem]" />
        </td>
      );
    case "time":
      return (
        <td className="whitespace-nowrap">
          <time dateTime={row.createdAtIso}>{row.createdAt}</time>
        </td>
      );
  }
}

function Status({ row, labels }: { row: LedgerTableRowData; labels: LedgerTableLabels }) {
  if (row.statusMode === "unknown") return <Badge tone={labels.unknown.tone}>{labels.unknown.label}</Badge>;
  if (row.statusMode === "live") return <LedgerStatusCell id={row.id} initialStatus={row.status} />;
  return (
    <span data-testid="ledger-status" data-transaction-id={row.id}>
      <StatusBadge status={row.status} t={labels.status} />
    </span>
  );
}

export function LedgerTableView({
  rows,
  labels,
  columns = ledgerOptionalColumns,
  density = "comfortable",
}: {
  rows: LedgerTableRowData[];
  labels: LedgerTableLabels;
  /** The optional columns shown, in order; a hidden one is not rendered at all. */
  columns?: readonly LedgerOptionalColumn[];
  density?: LedgerDensity;
}) {
  const headers = [labels.columns.transaction, ...columns.map((column) => labels.columns[column])];
  const [copiedId, setCopiedId] = useState<string | null>(null);
  useEffect(() => {
    if (copiedId === null) return;
    const timer = setTimeout(() => setCopiedId(null), copiedForMs);
    return () => clearTimeout(timer);
  }, [copiedId]);

  const router = useRouter();

  // One handler for every row's link and copy button. The links are plain anchors rather than
  // next/link (whose hooks, run for each of 50 rows, were 40% of the table's server render); a plain
  // click still navigates inside the app, as next/link would, and a click with a modifier key (new
  // tab, new window, download) is left to the browser.
  async function onRowsClick(event: MouseEvent<HTMLTableSectionElement>) {
    const target = event.target as Element;
    const link = target.closest<HTMLAnchorElement>("a[data-row-link]");
    if (link) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      router.push(link.getAttribute("href")!);
      return;
    }
    const id = target.closest<HTMLButtonElement>("button[data-copy-id]")?.dataset.copyId;
    if (!id) return;
    if (await copyWithToast(id, labels)) setCopiedId(id);
  }

  return (
    <TableFrame className="overflow-x-auto rounded-lg border border-slate-300 bg-white">
      <table
        className={`stacked-table w-full text-left ${densityLook[density]} ${rowLook}`}
        style={columnNameProperties(headers)}
        data-density={density}
      >
        <caption className="sr-only">{labels.caption}</caption>
        <thead className="bg-slate-100">
          <tr>
            <th scope="col">{labels.columns.transaction}</th>
            {columns.map((column) => (
              <SortHeader
                key={column}
                name={labels.columns[column]}
                sort={labels.sortable?.[column]}
                className={column === "amount" ? "text-right" : undefined}
                testId={`ledger-sort-${column}`}
              />
            ))}
          </tr>
        </thead>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the clicks handled here come from the rows' own links and buttons, which Enter (and Space, for buttons) press too. */}
        <tbody onClick={onRowsClick}>
          {rows.map((row) => {
            const copyLabel = fill(labels.copyId, { id: row.id });
            return (
              <tr key={row.id} data-testid="ledger-row">
                <th scope="row">
                  {/* Not prefetched (no next/link): a page of 50 rows would ask the server for 50 detail pages. */}
                  <a href={`/transactions/${row.id}`} data-row-link="" aria-label={fill(labels.openTransaction, { id: row.id })}>
                    {row.id.slice(0, 8)}
                  </a>
                  {/* Empty, the button shows the copy icon (app/globals.css, .copy-icon); holding the check, it shows that. */}
                  <button
                    type="button"
                    data-copy-id={row.id}
                    aria-label={copyLabel}
                    title={copyLabel}
                    className={`${copyIdButtonClassName} copy-icon`}
                  >
                    {copiedId === row.id ? <Check aria-hidden="true" className="h-4 w-4" /> : null}
                  </button>
                </th>
                {columns.map((column) => (
                  <Cell key={column} column={column} row={row} labels={labels} />
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}
