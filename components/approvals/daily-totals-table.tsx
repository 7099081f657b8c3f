// Today's totals against the daily limits: the merchant's, and (when given) one operator's.
import { DataTable } from "@/components/ui/data-table";
import type { DailyTotals } from "@/lib/vocabulary/daily-totals";
import { fill } from "@/lib/i18n/fill";
import type { Messages } from "@/lib/i18n/messages";
import { formatBRL, formatCalendarDay } from "@/lib/format";

type Line = { whose: string; totals: DailyTotals; limit: number | null };

export function DailyTotalsTable({ lines, t, locale }: { lines: Line[]; t: Messages; locale: string }) {
  return (
    <section aria-labelledby="daily-totals-heading" className="space-y-2">
      <h2 id="daily-totals-heading" className="text-lg font-bold">
        {t["approvals.totals.title"]}
      </h2>
      <p className="text-sm text-slate-700">
        {fill(t["approvals.totals.caption"], { day: lines[0] ? formatCalendarDay(locale, lines[0].totals.day) : "" })}
      </p>
      <DataTable
        caption={t["approvals.totals.title"]}
        columns={[
          t["approvals.totals.whose"],
          t["approvals.totals.sent"],
          t["approvals.totals.approvedUnsent"],
          t["approvals.totals.awaiting"],
          t["approvals.totals.limit"],
        ]}
      >
        {lines.map((line) => (
          <tr key={line.whose} className="border-t border-slate-200" data-testid="daily-totals-row">
            <th scope="row" className="px-3 py-2 font-medium">
              {line.whose}
            </th>
            <td className="px-3 py-2">{formatBRL(line.totals.sentCents)}</td>
            <td className="px-3 py-2">{formatBRL(line.totals.approvedUnsentCents)}</td>
            <td className="px-3 py-2">{formatBRL(line.totals.awaitingApprovalCents)}</td>
            <td className="px-3 py-2">{line.limit === null ? t["approvals.totals.noLimit"] : formatBRL(line.limit)}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
