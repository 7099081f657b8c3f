// Overview (every signed-in role): charts for a chosen period (São Paulo days; one day per hour),
// delivery health, and today's counts by status; every figure links into the list behind it.
// Everything renders on the server (the charts are SVG), so the page adds no client JavaScript.
import type { Metadata } from "next";
import { DeliveryHealthPanel } from "@/components/overview/delivery-health";
import { OverviewCharts } from "@/components/overview/overview-charts";
import { OverviewRangeForm } from "@/components/overview/overview-range-form";
import { RejectedDeliveriesCount } from "@/components/callbacks/rejected-deliveries-count";
import { LedgerTodaySummary } from "@/components/transactions/ledger-today-summary";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { summariseLedger } from "@/lib/db/queries/overview";
import { loadChartFigures } from "@/lib/db/queries/overview-charts";
import { loadDeliveryHealth } from "@/lib/db/queries/overview-health";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/messages";
import { ledgerTimeZone, saoPauloDayOf, saoPauloDayRange } from "@/lib/ledger/sao-paulo-dates";
import { parseOverviewRange } from "@/lib/schemas/overview-range";
import { getDb } from "@/lib/server/runtime";

export const metadata: Metadata = { title: "Overview" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OverviewPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageOperator("read");
  const { locale, t } = await getMessages();
  const now = new Date();
  const today = saoPauloDayOf(now);
  const range = parseOverviewRange(await searchParams, now);
  const db = await getDb();
  const [charts, health, figures] = await Promise.all([
    loadChartFigures(db, range),
    loadDeliveryHealth(db, now),
    summariseLedger(db, saoPauloDayRange(today)),
  ]);
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  return (
    <>
      <PageHeader title={t["overview.title"]} />
      <DeliveryHealthPanel health={health} locale={locale} t={t} now={now} />
      <div>
        <OverviewRangeForm range={range} t={t} />
        <p className="mb-3 text-sm text-slate-700" data-testid="chart-period">
          {fill(t["charts.range.showing"], {
            from: dayFormat.format(new Date(`${range.from}T00:00:00Z`)),
            to: dayFormat.format(new Date(`${range.to}T00:00:00Z`)),
            unit: range.unit === "hour" ? t["charts.range.byHour"] : t["charts.range.byDay"],
          })}
        </p>
        <OverviewCharts figures={charts} locale={locale} t={t} />
      </div>
      <p className="mb-3 text-slate-700">
        {fill(t["ledger.overview.intro"], {
          day: new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: ledgerTimeZone }).format(now),
        })}
      </p>
      <LedgerTodaySummary figures={figures} day={today} t={t} />
      <RejectedDeliveriesCount t={t} />
    </>
  );
}
