// Overview (every signed-in role): charts for a chosen period (São Paulo days; one day per hour),
// delivery health, and today's counts by status; every figure links into the list behind it. All of
// it within the stores shown (the switcher's choice within the operator's grants; issue #49).
// Everything renders on the server (the charts are SVG) but the delivery health, which the server
// renders first and the browser then keeps current as query data (components/overview/delivery-health.tsx).
import type { Metadata } from "next";
import { DeliveryHealthPanel } from "@/components/overview/delivery-health";
import { FirstUsePanel, type FirstUseStep } from "@/components/overview/first-use";
import { OverviewCharts } from "@/components/overview/overview-charts";
import { OverviewRangeForm } from "@/components/overview/overview-range-form";
import { clientMessages } from "@/lib/i18n/client-messages";
import { RejectedDeliveriesCount } from "@/components/callbacks/rejected-deliveries-count";
import { LedgerTodaySummary } from "@/components/transactions/ledger-today-summary";
import { PageHeader } from "@/components/ui/page-header";
import { roleCan } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { hasAnyTransaction, summariseLedger } from "@/lib/db/queries/overview";
import { formatDate } from "@/lib/format";
import { loadChartFigures } from "@/lib/db/queries/overview-charts";
import { loadDeliveryHealth } from "@/lib/db/queries/overview-health";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/fill";
import { saoPauloDayOf, saoPauloDayRange, saoPauloDayStart } from "@/lib/vocabulary/sao-paulo-dates";
import { parseOverviewRange } from "@/lib/schemas/overview-range";
import { getRuntime } from "@/lib/server/runtime";
import { ledgerQueryString } from "@/lib/schemas/ledger-filters";
import { deliveryHealthState } from "@/lib/vocabulary/delivery-health";

export const metadata: Metadata = { title: "Overview" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OverviewPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requirePageOperator("read");
  const { locale, t } = await getMessages();
  const now = new Date();
  const today = saoPauloDayOf(now);
  const range = parseOverviewRange(await searchParams, now);
  const { db, config } = await getRuntime();
  const { stores } = operator;
  // The rejected count is the delivery health's own (the same window, the same now).
  const [charts, health, figures, anything] = await Promise.all([
    loadChartFigures(db, stores, range, config.wallet.taxUnit),
    loadDeliveryHealth(db, stores, now),
    summariseLedger(db, stores, saoPauloDayRange(today)),
    hasAnyTransaction(db, stores),
  ]);
  const firstUseSteps: FirstUseStep[] = [
    ...(roleCan(operator.role, "moveMoney") ? (["charge", "cashOut"] as const) : []),
    ...(config.wallet.isSandbox && roleCan(operator.role, "useSandboxTools") ? (["sandbox"] as const) : []),
  ];
  return (
    <>
      <PageHeader title={t["overview.title"]} />
      {anything ? null : <FirstUsePanel available={firstUseSteps} t={t} />}
      <DeliveryHealthPanel
        initial={deliveryHealthState(health, now)}
        links={{
          pendingPastExpiry: `/transactions${ledgerQueryString({ kind: "CASH_IN", status: "PENDING", expired: "1" })}`,
          cashOutsUnknown: `/transactions${ledgerQueryString({ kind: "CASH_OUT", status: "UNKNOWN" })}`,
        }}
        locale={locale}
        t={clientMessages(t, "deliveryHealth")}
      />
      <div>
        <OverviewRangeForm range={range} t={t} pickerMessages={clientMessages(t, "dateRangePicker")} locale={locale} today={today} />
        <p className="mb-3 text-sm text-slate-700" data-testid="chart-period">
          {fill(t["charts.range.showing"], {
            from: formatDate(locale, saoPauloDayStart(range.from)),
            to: formatDate(locale, saoPauloDayStart(range.to)),
            unit: range.unit === "hour" ? t["charts.range.byHour"] : t["charts.range.byDay"],
          })}
        </p>
        <OverviewCharts figures={charts} locale={locale} t={t} />
      </div>
      {anything ? (
        <>
          <p className="mb-3 text-slate-700">{fill(t["ledger.overview.intro"], { day: formatDate(locale, now) })}</p>
          <LedgerTodaySummary figures={figures} day={today} t={t} />
        </>
      ) : null}
      <RejectedDeliveriesCount rejected={health.notApplied.rejected} t={t} />
    </>
  );
}
