// Statements: pick a São Paulo day or a month, see its totals (from the ledger rows, or frozen for a
// closed day) and download it as XLSX or PDF in either language; finance and admins close a day.
import type { Metadata } from "next";
import { CloseDayButton } from "@/components/statements/close-day-button";
import { DailySummaryForm } from "@/components/statements/daily-summary-form";
import { OpeningBalanceForm } from "@/components/statements/opening-balance-form";
import { loadDailySummarySettings } from "@/lib/db/queries/daily-summary";
import { listOperators } from "@/lib/db/queries/operators";
import { ButtonAnchor } from "@/components/ui/button-link";
import { PageHeader } from "@/components/ui/page-header";
import { roleCan } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { formatBRL, formatDateTime, formatNumber } from "@/lib/format";
import { clientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import { getMessages } from "@/lib/i18n/locale";
import type { MessageKey } from "@/lib/i18n/messages";
import { msg, translateMessage } from "@/lib/i18n/message";
import { dateErrorOf } from "@/lib/schemas/calendar-dates";
import { periodOf, statementQuerySchema } from "@/lib/schemas/statement-period";
import { getRuntime } from "@/lib/server/runtime";
import { loadStatement, statementFeeTexts, statementStoresText } from "@/lib/statements/statement";
import { statementTitle } from "@/lib/statements/statement-xlsx";
import { statementStateLabels } from "@/lib/vocabulary/code-labels";
import { saoPauloDayOf } from "@/lib/vocabulary/sao-paulo-dates";
import { statementStates } from "@/lib/vocabulary/statement";

export const metadata: Metadata = { title: "Statements" };

/** The statement's files, a row of buttons each, every file in both languages. */
const downloadRows: Array<
  Array<{ path: string; format: "xlsx" | "pdf" | "csv" | "ofx"; layout?: "movements"; label: MessageKey; testId: string }>
> = [
  [
    { path: "/api/statements", format: "xlsx", label: "statements.downloadXlsx", testId: "statement-xlsx" },
    { path: "/api/statements", format: "pdf", label: "statements.downloadPdf", testId: "statement-pdf" },
  ],
  [{ path: "/api/statements", format: "ofx", label: "statements.downloadOfx", testId: "statement-ofx" }],
  [
    { path: "/api/statements/accounting", format: "csv", label: "statements.accountingCsv", testId: "accounting-csv" },
    { path: "/api/statements/accounting", format: "xlsx", label: "statements.accountingXlsx", testId: "accounting-xlsx" },
  ],
  [
    { path: "/api/statements/accounting", format: "csv", layout: "movements", label: "statements.movementsCsv", testId: "movements-csv" },
    {
      path: "/api/statements/accounting",
      format: "xlsx",
      layout: "movements",
      label: "statements.movementsXlsx",
      testId: "movements-xlsx",
    },
  ],
];

/** A GET form that shows another period: one date or month field and its submit button. */
function PeriodForm(props: { label: string; submit: string; type: "date" | "month"; name: string; defaultValue: string; max?: string }) {
  return (
    <form className="flex items-end gap-2" method="get">
      <label className="flex flex-col text-sm font-medium">
        {props.label}
        <input
          type={props.type}
          name={props.name}
          defaultValue={props.defaultValue}
          max={props.max}
          className="rounded-md border border-slate-400 px-2 py-1"
        />
      </label>
      <button type="submit" className="rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold hover:bg-slate-100">
        {props.submit}
      </button>
    </form>
  );
}

export default async function StatementsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // Consolidated (every store the operator may see) or the store the switcher shows (issue #49).
  const operator = await requirePageOperator("read");
  const { db, config } = await getRuntime();
  const { locale, t } = await getMessages();
  const raw = await searchParams;
  const today = saoPauloDayOf(new Date());
  const yesterday = saoPauloDayOf(new Date(Date.now() - 86_400_000));
  const parsed = statementQuerySchema.safeParse({
    day: typeof raw.day === "string" ? raw.day : undefined,
    month: typeof raw.month === "string" ? raw.month : undefined,
  });
  // A period asked for but refused (2026-02-30, 9999-12…) says why; none asked for shows yesterday.
  const asked = raw.day !== undefined || raw.month !== undefined;
  const refusal = !parsed.success && asked ? (dateErrorOf(parsed.error.issues) ?? msg("errors.dates.day")) : undefined;
  const period = parsed.success ? periodOf(parsed.data) : ({ kind: "day", day: yesterday } as const);
  const statement = await loadStatement(db, operator.stores, period, config.wallet.taxUnit);
  // Closing a day, the opening balance and the daily summary are the merchant's as a whole: offered
  // with every store shown, to an operator whose role applies to every store (the actions check it).
  const wholeMerchant = operator.stores.all && operator.storeGrants.all;
  const canSetSummary = wholeMerchant && roleCan(operator.role, "manageOperators");
  const [summarySettings, operators] = canSetSummary ? await Promise.all([loadDailySummarySettings(db), listOperators(db)]) : [null, []];
  const { totals } = statement;
  const query = period.kind === "day" ? `day=${period.day}` : `month=${period.month}`;
  const language = (code: "pt-BR" | "en") => t[`receipt.language.${code}`];
  const feeTexts = statementFeeTexts(totals, t);
  // Read with the statement's balances (a statement of every store's, which canSetSummary implies).
  const openingBalance = canSetSummary ? statement.openingBalance : null;
  const figures: Array<[string, string]> = [
    [t["statement.openingBalance"], formatBRL(statement.balances.openingCents)],
    [`${t["statement.cashIn"]} (${formatNumber(locale, totals.cashIn.count)})`, formatBRL(totals.cashIn.amountCents)],
    [`${t["statement.cashOut"]} (${formatNumber(locale, totals.cashOut.count)})`, formatBRL(totals.cashOut.amountCents)],
    [feeTexts.feesLabel, feeTexts.fees ?? feeTexts.feesUnstated ?? ""],
    [feeTexts.netLabel, formatBRL(totals.netCents)],
    ...(period.kind === "day"
      ? ([
          [`${t["statement.adjustments"]} (${formatNumber(locale, totals.adjustments.count)})`, formatBRL(totals.adjustments.netCents)],
          [t["statement.netWithAdjustments"], formatBRL(totals.netCents + totals.adjustments.netCents)],
        ] as Array<[string, string]>)
      : []),
    [t["statement.closingBalance"], formatBRL(statement.balances.closingCents)],
  ];
  return (
    <>
      <PageHeader title={t["statements.title"]} />
      <p className="mb-4 max-w-3xl text-slate-700">{t["statements.intro"]}</p>
      {refusal ? (
        <p
          role="alert"
          className="mb-4 max-w-3xl rounded-md border border-red-300 bg-red-50 p-3 text-red-900"
          data-testid="statement-invalid-period"
        >
          {fill(t["statements.invalidPeriod"], { reason: translateMessage(t, refusal) })}
        </p>
      ) : null}
      <div className="mb-6 flex flex-wrap gap-6">
        <PeriodForm
          label={t["statements.day"]}
          submit={t["statements.show"]}
          type="date"
          name="day"
          defaultValue={period.kind === "day" ? period.day : yesterday}
          max={today}
        />
        <PeriodForm
          label={t["statements.month"]}
          submit={t["statements.show"]}
          type="month"
          name="month"
          defaultValue={period.kind === "month" ? period.month : today.slice(0, 7)}
        />
      </div>
      <section
        aria-labelledby="statement-heading"
        className="max-w-3xl space-y-4 rounded-lg border border-slate-300 bg-white p-4"
        data-testid="statement"
      >
        <h2 id="statement-heading" className="text-lg font-semibold">
          {statementTitle({ period }, locale)}
        </h2>
        <p className="text-sm text-slate-700" data-testid="statement-standing">
          {statement.closed
            ? fill(t["statement.closedAt"], {
                at: formatDateTime(locale, statement.closed.closedAt),
                who: statement.closed.closedByEmail ?? "—",
              })
            : t["statement.open"]}
        </p>
        <p className="text-sm text-slate-700" data-testid="statement-stores">
          {`${t["statement.stores"]}: ${statementStoresText(statement, t)}`}
        </p>
        <p className="text-sm text-slate-700">{t["statement.datedBySettlement"]}</p>
        <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1">
          {figures.map(([label, value]) => (
            <div key={label} className="contents">
              <dt>{label}</dt>
              <dd className="text-right font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <h3 className="font-semibold">{t["statement.apart"]}</h3>
        <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1">
          {statementStates
            .filter((state) => state !== "SETTLED")
            .map((state) => (
              <div key={state} className="contents">
                <dt>{`${t[statementStateLabels[state]]} (${formatNumber(locale, totals.apart[state as Exclude<typeof state, "SETTLED">].count)})`}</dt>
                <dd className="text-right tabular-nums">
                  {formatBRL(totals.apart[state as Exclude<typeof state, "SETTLED">].amountCents)}
                </dd>
              </div>
            ))}
        </dl>
        {downloadRows.map((row) => (
          <p key={row[0]!.testId} className="flex flex-wrap gap-2">
            {row.flatMap((download) =>
              (["pt-BR", "en"] as const).map((code) => (
                <ButtonAnchor
                  key={`${download.testId}-${code}`}
                  href={`${download.path}?${query}&format=${download.format}${download.layout ? `&layout=${download.layout}` : ""}&lang=${code}`}
                  download
                  data-testid={`${download.testId}-${code}`}
                >
                  {fill(t[download.label], { language: language(code) })}
                </ButtonAnchor>
              )),
            )}
          </p>
        ))}
        {period.kind === "day" && !statement.closed && wholeMerchant && roleCan(operator.role, "closeBooks") ? (
          <CloseDayButton day={period.day} over={period.day < today} t={clientMessages(t, "closeDayButton")} />
        ) : null}
      </section>
      {canSetSummary ? (
        <div className="mt-8" data-testid="opening-balance">
          {openingBalance ? (
            <p className="max-w-3xl text-sm text-slate-700">
              {fill(t["statements.openingBalance.current"], {
                amount: formatBRL(openingBalance.cents),
                who: openingBalance.setByEmail ?? "—",
                at: openingBalance.setAt ? formatDateTime(locale, openingBalance.setAt) : "—",
              })}
            </p>
          ) : (
            <OpeningBalanceForm t={clientMessages(t, "openingBalanceForm")} />
          )}
        </div>
      ) : null}
      {summarySettings ? (
        <div className="mt-8">
          <DailySummaryForm
            initial={summarySettings}
            operators={operators.map((entry) => ({ id: entry.id, label: `${entry.name} <${entry.email}>` }))}
            t={clientMessages(t, "dailySummaryForm")}
          />
        </div>
      ) : null}
    </>
  );
}
