import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { DailyTotalsTable } from "@/components/approvals/daily-totals-table";
import { LiveRequestLists } from "@/components/approvals/live-request-list";
import { listLook } from "@/components/ui/list-look";
import { PageHeader } from "@/components/ui/page-header";
import { approvalsColumns, approvalsSort } from "@/lib/vocabulary/approvals-list";
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
  const operator = await requirePageOperator("moveMoney");
  const { locale, t } = await getMessages();
  const { db, config } = await getRuntime();
  // The queue's order and page (?sort=, ?cursor=): an unknown order is the default, a cursor made
  // for another order the first page.
  const params = await searchParams;
  const view = parseRequestListView(params);
  // Both tables' columns shown and density (?cols=, ?density=), chosen with the Columns control.
  const look = listLook(
    approvalsColumns,
    {
      what: t["approvals.col.what"],
      amount: t["approvals.col.amount"],
      by: t["approvals.col.by"],
      state: t["approvals.col.state"],
      expires: t["approvals.col.expires"],
    },
    params,
  );
  const [live, policy, merchantTotals] = await Promise.all([
    readRequestListLiveState(db, operator.stores, view),
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
      {look.menu({
        path: "/approvals",
        query: { sort: view.sort !== approvalsSort.defaultSort ? view.sort : undefined },
        hint: { first: t["approvals.col.when"] },
        t,
        testId: "approvals-columns",
      })}
      <LiveRequestLists
        initial={live}
        look={look.forClient()}
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
