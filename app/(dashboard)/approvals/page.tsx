import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { DailyTotalsTable } from "@/components/approvals/daily-totals-table";
import { LiveRequestLists } from "@/components/approvals/live-request-list";
import { PageHeader } from "@/components/ui/page-header";
import { roleCan } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { parseRequestListView, readRequestListLiveState } from "@/lib/cash-out/request-live-state";
import { encodeListCursor } from "@/lib/schemas/list-sort";
import { getApprovalPolicy } from "@/lib/db/queries/approval-policy";
import { getDailyTotals } from "@/lib/db/queries/daily-totals";
import { getMessages } from "@/lib/i18n/locale";
import { getRuntime } from "@/lib/server/runtime";
import { clientMessages } from "@/lib/i18n/client-messages";

export const metadata: Metadata = { title: "Approvals" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ApprovalsPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requirePageOperator("moveMoney", { wholeMerchant: true });
  const { locale, t } = await getMessages();
  const { db, config } = await getRuntime();
  // The queue's order and page (?sort=, ?cursor=): an unknown order is the default, a cursor made
  // for another order the first page.
  const view = parseRequestListView(await searchParams);
  const [live, policy, merchantTotals] = await Promise.all([
    readRequestListLiveState(db, view),
    getApprovalPolicy(db, { walletIsSandbox: config.wallet.isSandbox }),
    getDailyTotals(db),
  ]);
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
      <LiveRequestLists
        initial={live}
        view={{ sort: view.sort, ...(view.cursor ? { cursor: encodeListCursor(view.cursor) } : {}) }}
        t={clientMessages(t, "liveRequestList")}
        locale={locale}
      >
        <DailyTotalsTable
          t={t}
          locale={locale}
          lines={[{ whose: t["approvals.totals.merchant"], totals: merchantTotals, limit: policy.merchantDailyLimitCents }]}
        />
      </LiveRequestLists>
    </>
  );
}
