// Overview (every signed-in role): today's counts and volume by status, cash-in and cash-out apart,
// "today" being the São Paulo day; every figure links into the filtered Transactions list.
import type { Metadata } from "next";
import { RejectedDeliveriesCount } from "@/components/callbacks/rejected-deliveries-count";
import { LedgerTodaySummary } from "@/components/transactions/ledger-today-summary";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { summariseLedger } from "@/lib/db/queries/overview";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/messages";
import { ledgerTimeZone, saoPauloDayOf, saoPauloDayRange } from "@/lib/ledger/sao-paulo-dates";
import { getDb } from "@/lib/server/runtime";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  await requirePageOperator("read");
  const { locale, t } = await getMessages();
  const today = saoPauloDayOf(new Date());
  const figures = await summariseLedger(await getDb(), saoPauloDayRange(today));
  return (
    <>
      <PageHeader title={t["overview.title"]} description={fill(t["ledger.overview.intro"], { day: new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: ledgerTimeZone }).format(new Date()) })} />
      <LedgerTodaySummary figures={figures} day={today} t={t} />
      <RejectedDeliveriesCount t={t} />
    </>
  );
}
