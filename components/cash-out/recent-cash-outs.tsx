// The newest cash-outs, each linking to its page: an operator about to send money sees what was
// just sent, refused or left unknown (a server component; the action revalidates this page).
import { Link } from "@/components/ui/link";
import { CashOutStatus } from "@/components/cash-out/cash-out-status";
import type { RecentCashOut } from "@/lib/vocabulary/recent-cash-out";
import { fill } from "@/lib/i18n/fill";
import type { Locale, Messages } from "@/lib/i18n/messages";
import { formatBRL, formatDateTime, formatPixKey } from "@/lib/format";
import { pixKeyTypes } from "@/lib/vocabulary/pix-key-types";

export function RecentCashOuts({ cashOuts, limit, t, locale }: { cashOuts: RecentCashOut[]; limit: number; t: Messages; locale: Locale }) {
  return (
    <section aria-labelledby="recent-cash-outs-heading" className="mt-10">
      <h2 id="recent-cash-outs-heading" className="mb-3 text-xl font-bold">
        {t["cashOut.recent.title"]}
      </h2>
      {cashOuts.length === 0 ? (
        <p className="text-slate-700">{t["cashOut.recent.empty"]}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm" data-testid="recent-cash-outs">
            <caption className="mb-2 text-left text-slate-700">{fill(t["cashOut.recent.caption"], { n: limit })}</caption>
            <thead>
              <tr className="border-b border-slate-400">
                <th scope="col" className="py-2 pr-4">
                  {t["cashOut.recent.amount"]}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t["cashOut.recent.key"]}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t["cashOut.recent.reference"]}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t["cashOut.recent.status"]}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t["cashOut.recent.when"]}
                </th>
                <th scope="col" className="py-2">
                  {t["cashOut.recent.by"]}
                </th>
              </tr>
            </thead>
            <tbody>
              {cashOuts.map((cashOut) => {
                const amount = formatBRL(cashOut.amountCents);
                const typeLabel = cashOut.pixKeyType ? pixKeyTypes[cashOut.pixKeyType][locale].label : "";
                const shownKey = cashOut.pixKey ? formatPixKey(cashOut.pixKeyType ?? "", cashOut.pixKey) : "";
                return (
                  <tr key={cashOut.id} className="border-b border-slate-200 align-top">
                    <td className="py-2 pr-4 font-semibold whitespace-nowrap">
                      <Link
                        href={`/cash-out/${cashOut.id}`}
                        className="text-brand-700 underline"
                        aria-label={fill(t["cashOut.recent.open"], { amount, key: shownKey })}
                      >
                        {amount}
                      </Link>
                    </td>
                    <td className="py-2 pr-4 break-all">
                      <span className="text-slate-600">{typeLabel}</span> <span className="font-mono">{shownKey}</span>
                    </td>
                    <td className="py-2 pr-4 break-all">{cashOut.externalReference ?? "—"}</td>
                    <td className="py-2 pr-4">
                      <CashOutStatus creationState={cashOut.creationState} status={cashOut.status} t={t} />
                    </td>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(locale, cashOut.createdAt)}</td>
                    <td className="py-2 break-all">{cashOut.createdByEmail ?? "—"}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
