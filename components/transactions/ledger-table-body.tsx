"use client";
// The rows of one page of the Transactions list, from compact data the server formatted (labels,
// money, dates): the page's RSC payload carries 50 small records instead of 50 trees of elements,
// client references and class names, and the server renders the page faster for it.
import Link from "next/link";
import { LedgerStatusCell, type StatusLabels } from "@/components/transactions/ledger-live-statuses";
import { StatusBadge } from "@/components/transactions/status-badge";
import { Badge } from "@/components/ui/badge";
import { CopyIdButton } from "@/components/ui/copy-id-button";
import { fill } from "@/lib/i18n/fill";
import type { Tone } from "@/lib/status-vocabulary";

export type LedgerTableRowData = {
  id: string;
  kind: string;
  amount: string;
  /** "live": a pending row whose badge updates; "unknown": the wallet's answer was never seen. */
  statusMode: "fixed" | "live" | "unknown";
  status: string | null;
  /** Cash-out (or a row with a key): the key type's label above the key; cash-in: payer name above e-mail. */
  keyType?: string;
  partyFirst: string | null;
  partySecond: string | null;
  reference: string | null;
  createdBy: string | null;
  createdAtIso: string;
  createdAt: string;
};

export type LedgerTableBodyLabels = {
  /** "Open transaction {id}" and "Copy the id {id}". */
  openTransaction: string;
  copyId: string;
  copied: string;
  failed: string;
  status: StatusLabels;
  unknown: { label: string; tone: Tone };
};

const truncated = "block max-w-[16rem] truncate";

/** A long value cut with an ellipsis on one line; the whole value stays in the DOM and the tooltip. */
function Truncated({ text, className = truncated }: { text: string | null; className?: string }) {
  if (!text) return <span>—</span>;
  return (
    <span className={className} title={text}>
      {text}
    </span>
  );
}

function Status({ row, labels }: { row: LedgerTableRowData; labels: LedgerTableBodyLabels }) {
  if (row.statusMode === "unknown") return <Badge tone={labels.unknown.tone}>{labels.unknown.label}</Badge>;
  if (row.statusMode === "live") return <LedgerStatusCell id={row.id} initialStatus={row.status} />;
  return (
    <span data-testid="ledger-status" data-transaction-id={row.id}>
      <StatusBadge status={row.status} t={labels.status} />
    </span>
  );
}

export function LedgerTableBody({ rows, labels }: { rows: LedgerTableRowData[]; labels: LedgerTableBodyLabels }) {
  return (
    <tbody>
      {rows.map((row) => (
        <tr key={row.id} className="border-t border-slate-200" data-testid="ledger-row">
          <th scope="row" className="whitespace-nowrap font-normal">
            {/* No prefetch while in view: a page of 50 rows would ask the server for 50 detail pages. */}
            <Link
              href={`/transactions/${row.id}`}
              prefetch={false}
              className="font-mono text-brand-700 underline"
              aria-label={fill(labels.openTransaction, { id: row.id })}
            >
              {row.id.slice(0, 8)}
            </Link>
            <CopyIdButton value={row.id} label={fill(labels.copyId, { id: row.id })} copied={labels.copied} failed={labels.failed} />
          </th>
          <td className="whitespace-nowrap">{row.kind}</td>
          <td className="whitespace-nowrap text-right font-semibold tabular-nums">{row.amount}</td>
          <td>
            <Status row={row} labels={labels} />
          </td>
          <td>
            {row.keyType !== undefined ? (
              <>
                <span className="block text-slate-700">{row.keyType}</span>
                <Truncated text={row.partyFirst} className={`${truncated} font-mono text-xs`} />
              </>
            ) : (
              <>
                <Truncated text={row.partyFirst} />
                <Truncated text={row.partySecond} className={`${truncated} text-slate-700`} />
              </>
            )}
          </td>
          <td>
            <Truncated text={row.reference} className="block max-w-[12rem] truncate" />
          </td>
          <td>
            <Truncated text={row.createdBy} className="block max-w-[12rem] truncate" />
          </td>
          <td className="whitespace-nowrap">
            <time dateTime={row.createdAtIso}>{row.createdAt}</time>
          </td>
        </tr>
      ))}
    </tbody>
  );
}
