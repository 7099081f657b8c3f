// The Overview's figures: today's counts and volume by status, one table per kind plus the total,
// each count linking to the Transactions list filtered the same way.
import { Link } from "@/components/ui/link";
import type { LedgerStatusFilter } from "@/lib/vocabulary/transaction-statuses";
import { overviewStatuses, type OverviewFigures, type StatusFigures } from "@/lib/vocabulary/overview-figures";
import { fill } from "@/lib/i18n/fill";
import type { Messages } from "@/lib/i18n/messages";
import { formatBRL } from "@/lib/format";
import { reachableStatuses, transactionStatusVocabulary } from "@/lib/vocabulary/status-labels";
import { ledgerQueryString } from "@/lib/schemas/ledger-filters";
import { transactionKinds, type TransactionKind } from "@/lib/vocabulary/transaction-statuses";

// The tables' look as rules on each table (Tailwind's descendant variants), not classes on every
// cell; a row's header takes its row's weight (the total's is semibold).
const tableLook = [
  "[&_td]:px-3 [&_td]:py-2 [&_td]:text-right [&_td]:tabular-nums [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_thead_th+th]:text-right",
  "[&_tbody_tr]:border-t [&_tbody_tr]:border-slate-200 [&_tbody_th]:[font-weight:inherit] [&_td_a]:text-brand-700 [&_td_a]:underline",
].join(" ");

function listHref(day: string, kind?: TransactionKind, status?: LedgerStatusFilter): string {
  return `/transactions${ledgerQueryString({ from: day, to: day, kind, status })}`;
}

function FiguresRow({ label, figures, href, strong }: { label: string; figures: StatusFigures; href: string; strong?: boolean }) {
  return (
    <tr className={strong ? "bg-slate-50 font-semibold" : undefined}>
      <th scope="row">{label}</th>
      <td>
        <Link href={href}>{figures.count}</Link>
      </td>
      <td>{formatBRL(figures.volumeCents)}</td>
    </tr>
  );
}

function FiguresHead({ t }: { t: Messages }) {
  return (
    <thead className="bg-slate-100">
      <tr>
        <th scope="col">{t["ledger.overview.status"]}</th>
        <th scope="col">{t["ledger.overview.count"]}</th>
        <th scope="col">{t["ledger.overview.volume"]}</th>
      </tr>
    </thead>
  );
}

export function LedgerTodaySummary({ figures, day, t }: { figures: OverviewFigures; day: string; t: Messages }) {
  const statusLabel = (status: LedgerStatusFilter) => t[transactionStatusVocabulary[status].key];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {transactionKinds.map((kind) => (
        <section key={kind} className="overflow-x-auto rounded-lg border border-slate-300 bg-white" aria-labelledby={`today-${kind}`}>
          <h2 id={`today-${kind}`} className="px-3 pt-3 text-lg font-semibold">
            {t[`ledger.kind.${kind}`]}
          </h2>
          <table className={`mt-2 w-full text-sm ${tableLook}`} data-testid={`today-${kind}`}>
            <caption className="sr-only">{fill(t["ledger.overview.caption"], { kind: t[`ledger.kind.${kind}`] })}</caption>
            <FiguresHead t={t} />
            <tbody>
              {overviewStatuses
                // The wallet never cancels a cash-out: no Canceled row for them (unless one somehow exists).
                .filter(
                  (status) =>
                    (reachableStatuses[kind] as readonly string[]).includes(status) || figures.byKind[kind].byStatus[status].count > 0,
                )
                .map((status) => (
                  <FiguresRow
                    key={status}
                    label={statusLabel(status)}
                    figures={figures.byKind[kind].byStatus[status]}
                    href={listHref(day, kind, status)}
                  />
                ))}
              <FiguresRow label={t["ledger.overview.total"]} figures={figures.byKind[kind].total} href={listHref(day, kind)} strong />
            </tbody>
          </table>
        </section>
      ))}
      <section className="rounded-lg border border-slate-300 bg-white p-3 lg:col-span-2" aria-labelledby="today-total">
        <h2 id="today-total" className="text-lg font-semibold">
          {t["ledger.overview.totalCaption"]}
        </h2>
        <p className="mt-1 text-2xl font-bold tabular-nums" data-testid="today-total">
          {figures.total.count} · {formatBRL(figures.total.volumeCents)}
        </p>
        <Link href={listHref(day)} className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
          {t["ledger.overview.seeAll"]}
        </Link>
      </section>
    </div>
  );
}
