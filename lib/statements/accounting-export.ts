// The accounting export: one double-entry line per settled movement of a period, for an accountant's
// system to import (CSV, Brazilian or standard dialect, or XLSX). The layout, documented in
// docs/decisions/closing-the-books.md, "Accounting export":
//
//   date | description | debit account | credit account | amount | reference
//
//   settled cash-in   debit: wallet        credit: revenue        amount: the charge
//   settled cash-out  debit: payables      credit: wallet         amount: the transfer
//   a settled one's fee  debit: fees       credit: wallet         amount: the fee (when not zero)
//
// Account names come from ACCOUNTING_ACCOUNTS (lib/config.ts). Dates are São Paulo days of the
// settlement, amounts
// are in reais, the reference is the wallet's transaction id (else ours).
import type { Writable } from "node:stream";
import ExcelJS from "exceljs";
import { fill } from "@/lib/i18n/fill";
import { dictionaries, type Locale } from "@/lib/i18n/messages";
import { formatDecimalReais, reaisNumber } from "@/lib/format";
import { csvByteOrderMark, csvLine, type CsvDialect } from "@/lib/ledger/csv";
import { saoPauloDayOf } from "@/lib/vocabulary/sao-paulo-dates";
import type { StatementLine } from "@/lib/vocabulary/statement";
import type { Statement } from "./statement";

export type AccountingAccounts = { wallet: string; revenue: string; payables: string; fees: string };
export type AccountingEntry = { day: string; description: string; debit: string; credit: string; amountCents: number; reference: string };

export function accountingEntries(line: StatementLine, accounts: AccountingAccounts, locale: Locale): AccountingEntry[] {
  if (line.state !== "SETTLED") return [];
  const t = dictionaries[locale];
  // Cash basis: the day the money moved (the settlement), not the day the charge was created.
  const day = saoPauloDayOf(line.settledAt ?? line.bookedAt);
  const reference = line.walletTransactionId ?? line.transactionId;
  const entries: AccountingEntry[] =
    line.kind === "CASH_IN"
      ? [
          {
            day,
            description: fill(t["accounting.cashIn"], { who: line.counterparty || "—" }),
            debit: accounts.wallet,
            credit: accounts.revenue,
            amountCents: line.amountCents,
            reference,
          },
        ]
      : [
          {
            day,
            description: fill(t["accounting.cashOut"], { who: line.counterparty || "—" }),
            debit: accounts.payables,
            credit: accounts.wallet,
            amountCents: line.amountCents,
            reference,
          },
        ];
  if (line.feeCents !== 0)
    entries.push({
      day,
      description: fill(t["accounting.fee"], { reference }),
      debit: accounts.fees,
      credit: accounts.wallet,
      amountCents: line.feeCents,
      reference,
    });
  return entries;
}

/**
 * A day's adjustments booked on that day: a transaction of a closed day that became settled is
 * entered as any settled one; one that stopped being settled is entered reversed (debit and credit
 * swapped), so the accounts follow the statements without touching a closed day's entries.
 */
function adjustmentEntries(statement: Statement, accounts: AccountingAccounts, locale: Locale): AccountingEntry[] {
  if (statement.period.kind !== "day") return [];
  const day = statement.period.day;
  const entries: AccountingEntry[] = [];
  for (const adjustment of statement.adjustments) {
    const nowSettled = adjustment.state === "SETTLED";
    const wasSettled = adjustment.previousState === "SETTLED";
    if (nowSettled === wasSettled) continue;
    // A reversal undoes what the books held (the previous amount and fee), not the row as it is now.
    const booked = nowSettled
      ? adjustment
      : { ...adjustment, amountCents: adjustment.previousAmountCents, feeCents: adjustment.previousFeeCents };
    for (const entry of accountingEntries({ ...booked, state: "SETTLED" }, accounts, locale))
      entries.push(nowSettled ? { ...entry, day } : { ...entry, day, debit: entry.credit, credit: entry.debit });
  }
  return entries;
}

function headerOf(locale: Locale): string[] {
  const t = dictionaries[locale];
  return [
    t["accounting.column.date"],
    t["accounting.column.description"],
    t["accounting.column.debit"],
    t["accounting.column.credit"],
    t["accounting.column.amount"],
    t["accounting.column.reference"],
  ];
}

/** The CSV, as text chunks (a header, then one chunk per batch of lines). */
export async function* accountingCsv(
  statement: Statement,
  accounts: AccountingAccounts,
  locale: Locale,
  dialect: CsvDialect,
): AsyncGenerator<string> {
  yield csvByteOrderMark + csvLine(headerOf(locale), dialect);
  for await (const batch of statement.lines()) {
    let chunk = "";
    for (const line of batch)
      for (const entry of accountingEntries(line, accounts, locale)) {
        chunk += csvRow(entry);
      }
    if (chunk) yield chunk;
  }
  const adjustments = adjustmentEntries(statement, accounts, locale);
  if (adjustments.length) yield adjustments.map(csvRow).join("");

  function csvRow(entry: AccountingEntry): string {
    const [year, month, dayOfMonth] = entry.day.split("-");
    const date = locale === "pt-BR" ? `${dayOfMonth}/${month}/${year}` : entry.day;
    return csvLine(
      [date, entry.description, entry.debit, entry.credit, formatDecimalReais(entry.amountCents, dialect.decimal), entry.reference],
      dialect,
    );
  }
}

/** The XLSX (streamed): date cells, number cells in reais. */
export async function writeAccountingXlsx(
  statement: Statement,
  accounts: AccountingAccounts,
  locale: Locale,
  stream: Writable,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(dictionaries[locale]["accounting.sheet"]);
  sheet.columns = [12, 40, 32, 32, 14, 38].map((width) => ({ width }));
  sheet.addRow(headerOf(locale)).font = { bold: true };
  const addEntry = (entry: AccountingEntry) => {
    const row = sheet.addRow([
      new Date(`${entry.day}T00:00:00Z`),
      entry.description,
      entry.debit,
      entry.credit,
      reaisNumber(entry.amountCents),
      entry.reference,
    ]);
    row.getCell(1).numFmt = locale === "pt-BR" ? "dd/mm/yyyy" : "yyyy-mm-dd";
    row.getCell(5).numFmt = "#,##0.00";
    row.commit();
  };
  for await (const batch of statement.lines()) {
    for (const line of batch) for (const entry of accountingEntries(line, accounts, locale)) addEntry(entry);
  }
  for (const entry of adjustmentEntries(statement, accounts, locale)) addEntry(entry);
  sheet.commit();
  await workbook.commit();
}
