// A statement as an XLSX workbook written as a stream (exceljs's WorkbookWriter: each row is
// committed and leaves memory), so a month of 100,000 rows costs a bounded amount of memory.
// Money is a number cell in reais with a "R$" format, dates are date cells in São Paulo wall time
// (a spreadsheet date has no zone), pt-BR or English formats by the reader's language.
import type { Writable } from "node:stream";
import ExcelJS from "exceljs";
import { formatCalendarDay, formatCalendarMonth, formatDateTime, reaisNumber } from "@/lib/format";
import { fill } from "@/lib/i18n/fill";
import { dictionaries, type Locale } from "@/lib/i18n/messages";
import { statementKindLabels, statementStateLabels } from "@/lib/vocabulary/code-labels";
import { saoPauloWallClock } from "@/lib/vocabulary/sao-paulo-dates";
import { statementStates, type StatementLine } from "@/lib/vocabulary/statement";
import { formatCnpjForPrint } from "@/lib/schemas/brazilian-documents";
import type { MerchantIdentity } from "@/lib/vocabulary/merchant-identity";
import { type Statement, statementFeeTexts, statementStoresText } from "./statement";

const moneyFormat = '"R$" #,##0.00;-"R$" #,##0.00';
const dateTimeFormat: Record<Locale, string> = { "pt-BR": "dd/mm/yyyy hh:mm:ss", en: "dd mmm yyyy hh:mm:ss" };
const reais = reaisNumber;

/** "Extrato de 27/11/2026", "Extrato de novembro de 2026" (the page's heading too): days and months through lib/format. */
export function statementTitle(statement: Pick<Statement, "period">, locale: Locale): string {
  const t = dictionaries[locale];
  return statement.period.kind === "day"
    ? fill(t["statement.title.day"], { day: formatCalendarDay(locale, statement.period.day) })
    : fill(t["statement.title.month"], { month: formatCalendarMonth(locale, statement.period.month) });
}

/** A São Paulo calendar day ("2026-11-10") as a spreadsheet date cell (a spreadsheet date has no zone). */
const dayCell = (day: string) => new Date(`${day}T00:00:00Z`);
const dayFormat: Record<Locale, string> = { "pt-BR": "dd/mm/yyyy", en: "dd mmm yyyy" };

/** Writes the workbook to `stream` and resolves when it is complete. */
export async function writeStatementXlsx(
  statement: Statement,
  locale: Locale,
  stream: Writable,
  context: { merchantName: string; identity?: MerchantIdentity | null; now?: Date },
): Promise<void> {
  const t = dictionaries[locale];
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = context.merchantName;

  const summary = workbook.addWorksheet(t["statement.summary"]);
  summary.columns = [{ width: 44 }, { width: 14 }, { width: 20 }];
  summary.addRow([statementTitle(statement, locale)]).font = { bold: true, size: 14 };
  summary.addRow([t["statement.merchant"], context.merchantName]);
  summary.addRow([t["statement.stores"], statementStoresText(statement, t)]);
  // The merchant's identity (settings, when set), as the statement's PDF prints it.
  const { identity } = context;
  if (identity) {
    summary.addRow([t["receipt.legalName"], identity.legalName]);
    summary.addRow([t["receipt.cnpj"], formatCnpjForPrint(identity.cnpj)]);
    if (identity.address) summary.addRow([t["receipt.address"], identity.address]);
  }
  summary.addRow([
    statement.closed
      ? fill(t["statement.closedAt"], { at: formatDateTime(locale, statement.closed.closedAt), who: statement.closed.closedByEmail ?? "—" })
      : t["statement.open"],
  ]);
  summary.addRow([t["statement.datedBySettlement"]]);
  summary.addRow([]);
  summary.addRow(["", t["statement.count"], t["statement.amount"]]).font = { bold: true };
  const { totals } = statement;
  const moneyRow = (label: string, count: number | null, cents: number) => {
    const row = summary.addRow([label, count, reais(cents)]);
    row.getCell(3).numFmt = moneyFormat;
  };
  moneyRow(t["statement.openingBalance"], null, statement.balances.openingCents);
  moneyRow(t["statement.cashIn"], totals.cashIn.count, totals.cashIn.amountCents);
  moneyRow(t["statement.cashOut"], totals.cashOut.count, totals.cashOut.amountCents);
  const feeTexts = statementFeeTexts(totals, t);
  if (feeTexts.feesUnstated) summary.addRow([feeTexts.feesLabel, null, feeTexts.feesUnstated]);
  else moneyRow(feeTexts.feesLabel, null, totals.feeCents);
  moneyRow(feeTexts.netLabel, null, totals.netCents);
  if (statement.period.kind === "day") {
    moneyRow(t["statement.adjustments"], totals.adjustments.count, totals.adjustments.netCents);
    moneyRow(t["statement.netWithAdjustments"], null, totals.netCents + totals.adjustments.netCents);
  }
  moneyRow(t["statement.closingBalance"], null, statement.balances.closingCents);
  summary.addRow([]);
  summary.addRow([t["statement.apart"]]).font = { bold: true };
  for (const state of statementStates) {
    if (state === "SETTLED") continue;
    moneyRow(t[statementStateLabels[state]], totals.apart[state].count, totals.apart[state].amountCents);
  }
  summary.commit();

  const header = [
    t["statement.column.dateTime"],
    t["statement.column.createdAt"],
    t["statement.column.kind"],
    t["statement.column.state"],
    t["statement.column.amount"],
    t["statement.column.fee"],
    t["statement.column.counterparty"],
    t["statement.column.reference"],
    t["statement.column.walletId"],
    t["statement.column.ourId"],
  ];
  const widths = [22, 22, 14, 22, 14, 12, 30, 20, 38, 38];
  const lineCells = (line: StatementLine) => [
    saoPauloWallClock(line.bookedAt),
    saoPauloWallClock(line.createdAt),
    t[statementKindLabels[line.kind]],
    t[statementStateLabels[line.state]],
    reais(line.amountCents),
    line.feeStated === false ? t["statement.feesUnitUnknown"] : reais(line.feeCents),
    line.counterparty,
    line.reference ?? "",
    line.walletTransactionId ?? "",
    line.transactionId,
  ];
  const styleLine = (row: ExcelJS.Row) => {
    row.getCell(1).numFmt = dateTimeFormat[locale];
    row.getCell(2).numFmt = dateTimeFormat[locale];
    row.getCell(5).numFmt = moneyFormat;
    row.getCell(6).numFmt = moneyFormat;
  };

  const lines = workbook.addWorksheet(t["statement.lines"], { views: [{ state: "frozen", ySplit: 1 }] });
  lines.columns = widths.map((width) => ({ width }));
  lines.addRow(header).font = { bold: true };
  for await (const batch of statement.lines()) {
    for (const line of batch) {
      const row = lines.addRow(lineCells(line));
      styleLine(row);
      row.commit();
    }
  }
  lines.commit();

  if (statement.period.kind === "day") {
    const adjustments = workbook.addWorksheet(t["statement.adjustmentsSheet"]);
    adjustments.columns = [...widths, 14, 22, 16].map((width) => ({ width }));
    adjustments.addRow([
      ...header,
      t["statement.column.originalDay"],
      t["statement.column.previousState"],
      t["statement.column.netChange"],
    ]).font = { bold: true };
    for (const adjustment of statement.adjustments) {
      const row = adjustments.addRow([
        ...lineCells(adjustment),
        dayCell(adjustment.originalDay),
        t[statementStateLabels[adjustment.previousState]],
        reais(adjustment.netCents),
      ]);
      styleLine(row);
      row.getCell(11).numFmt = dayFormat[locale];
      row.getCell(13).numFmt = moneyFormat;
      row.commit();
    }
    adjustments.commit();
  }
  await workbook.commit();
}
