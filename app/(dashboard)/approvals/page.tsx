import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { DailyTotalsTable } from "@/components/approvals/daily-totals-table";
import { RequestStateBadge } from "@/components/approvals/request-state-badge";
import { LiveRefresh } from "@/components/live/live-refresh";
import { DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { roleCan } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { readRequestListLiveState } from "@/lib/cash-out/request-live-state";
import { getApprovalPolicy } from "@/lib/db/queries/approval-policy";
import { listCashOutRequests, type CashOutRequestListItem } from "@/lib/db/queries/cash-out-requests";
import { getDailyTotals } from "@/lib/db/queries/daily-totals";
import { formatBRL, formatDateTime } from "@/lib/format";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/fill";
import { getRuntime } from "@/lib/server/runtime";

export const metadata: Metadata = { title: "Approvals" };

export default async function ApprovalsPage() {
  const operator = await requirePageOperator("moveMoney");
  const { locale, t } = await getMessages();
  const { db, config } = await getRuntime();
  const [live, awaiting, decided, policy, merchantTotals] = await Promise.all([
    readRequestListLiveState(db),
    listCashOutRequests(db, { states: ["awaiting_approval"] }),
    listCashOutRequests(db, { states: ["approved", "rejected", "cancelled", "expired"], limit: 20 }),
    getApprovalPolicy(db, { walletIsSandbox: config.wallet.isSandbox }),
    getDailyTotals(db),
  ]);
  const what = (request: CashOutRequestListItem) =>
    request.kind === "batch"
      ? fill(t["approvals.batch"], { n: request.itemCount, file: request.fileName ?? "CSV" })
      : fill(t["approvals.single"], { key: request.pixKey ?? "" });

  const table = (requests: CashOutRequestListItem[], caption: string, empty: string) =>
    requests.length === 0 ? (
      <p className="text-slate-700">{empty}</p>
    ) : (
      <DataTable
        caption={caption}
        columns={[
          t["approvals.col.when"],
          t["approvals.col.what"],
          t["approvals.col.amount"],
          t["approvals.col.by"],
          t["approvals.col.state"],
          t["approvals.col.expires"],
        ]}
      >
        {requests.map((request) => (
          <tr key={request.id} className="border-t border-slate-200" data-testid="approval-request-row">
            <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(locale, request.createdAt)}</td>
            <td className="px-3 py-2">
              <Link
                href={`/approvals/${request.id}`}
                className="font-medium text-brand-800 underline"
                aria-label={fill(t["approvals.open"], { what: what(request), amount: formatBRL(request.totalCents) })}
              >
                {what(request)}
              </Link>
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{formatBRL(request.totalCents)}</td>
            <td className="px-3 py-2">{request.requestedByEmail}</td>
            <td className="px-3 py-2">
              <RequestStateBadge state={request.state} t={t} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap">
              {request.state === "awaiting_approval" ? formatDateTime(locale, request.expiresAt) : "—"}
            </td>
          </tr>
        ))}
      </DataTable>
    );

  return (
    <>
      <PageHeader title={t["approvals.title"]} description={t["approvals.intro"]} />
      <p className="mb-6 flex flex-wrap gap-4">
        <Link href="/cash-out/bulk" className="font-medium text-brand-800 underline">
          {t["nav.bulkPayouts"]}
        </Link>
        {roleCan(operator.role, "setApprovalPolicy") ? (
          <Link href="/settings/approvals" className="font-medium text-brand-800 underline">
            {t["nav.approvalPolicy"]}
          </Link>
        ) : null}
      </p>
      <LiveRefresh stateUrl="/api/cash-out-requests/state" eventsUrl="/api/cash-out-requests/events" initial={live} />
      <div className="space-y-8">
        <section aria-labelledby="awaiting-heading" className="space-y-2">
          <h2 id="awaiting-heading" className="text-lg font-bold">
            {t["approvals.awaiting"]}
          </h2>
          {table(awaiting, t["approvals.awaiting"], t["approvals.empty"])}
        </section>
        <DailyTotalsTable
          t={t}
          locale={locale}
          lines={[{ whose: t["approvals.totals.merchant"], totals: merchantTotals, limit: policy.merchantDailyLimitCents }]}
        />
        <section aria-labelledby="decided-heading" className="space-y-2">
          <h2 id="decided-heading" className="text-lg font-bold">
            {t["approvals.recent"]}
          </h2>
          {table(decided, t["approvals.recent"], t["approvals.emptyDecided"])}
        </section>
      </div>
    </>
  );
}
