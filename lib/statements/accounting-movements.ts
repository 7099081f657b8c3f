// The accounting export's second layout (issue #51): one line per settled movement, which a
// spreadsheet imports as is (no accounts to map, signed amounts, one row each):
//
//   date | description | amount | fee | net | reference
//
//   settled cash-in    amount +charge      fee −fee   net = amount + fee
//   settled cash-out   amount −transfer    fee −fee
//
// Dated by the settlement's São Paulo day, like the double-entry layout (accounting-export.ts), so
// both layouts of a period hold the same movements. A day's adjustments to closed days come last,
// dated that day: one that became settled as a movement, one that stopped being settled reversed
// (its previous amount and fee with the signs turned). The nets of a period add up to the
// statement's net with adjustments.
import type { Writable } from "node:stream";
import ExcelJS from "exceljs";
import { formatSignedDecimalReais, reaisNumber } from "@/lib/format";
import { fill } from "@/lib/i18n/fill";
import { dictionaries, type Locale } from "@/lib/i18n/messages";
import { csvByteOrderMark, type CsvDialect, csvLine, csvNumberText } from "@/lib/ledger/csv";
import { saoPauloDayOf } from "@/lib/vocabulary/sao-paulo-dates";
import type { StatementLine } from "@/lib/vocabulary/statement";
import type { Statement } from "./statement";

export type Movement = { day: string; description: string; amountCents: number; feeCents: number; netCents: number; reference: string };

/** A settled line as a movement (signed: money in is positive), or null for one that is not settled. */
export function movementOf(line: StatementLine, locale: Locale): Movement | null {
  if (line.state !== "SETTLED") return null;
  const t = dictionaries[locale];
  const reference = line.walletTransactionId ?? line.transactionId;
  const amountCents = line.kind === "CASH_IN" ? line.amountCents : -line.amountCents;
  const feeCents = -line.feeCents;
  return {
    day: saoPauloDayOf(line.settledAt ?? line.bookedAt),
    description: fill(t[line.kind === "CASH_IN" ? "accounting.cashIn" : "accounting.cashOut"], { who: line.counterparty || "—" }),
    amountCents,
    feeCents,
    netCents: amountCents + feeCents,
    reference,
  };
}

/** A day's adjustments to closed days as movements on that day (see the module's comment). */
function adjustmentMovements(statement: Statement, locale: Locale): Movement[] {
  if (statement.period.kind !== "day") return [];
  const day = statement.period.day;
  const movements: Movement[] = [];
  for (const adjustment of statement.adjustments) {
    const nowSettled = adjustment.state === "SETTLED";
    if (nowSettled === (adjustment.previousState === "SETTLED")) continue;
    const booked = nowSettled
      ? adjustment
      : { ...adjustment, amountCents: adjustment.previousAmountCents, feeCents: adjustment.previousFeeCents };
    const movement = movementOf({ ...booked, state: "SETTLED" }, locale)!;
    movements.push(
      nowSettled
        ? { ...movement, day }
        : { ...movement, day, amountCents: -movement.amountCents, feeCents: -movement.feeCents, netCents: -movement.netCents },
    );
  }
  return movements;
}

function headerOf(locale: Locale): string[] {
  const t = dictionaries[locale];
  return [
    t["accounting.column.date"],
    t["accounting.column.description"],
    t["accounting.column.amount"],
    t["accounting.column.fee"],
    t["accounting.column.net"],
    t["accounting.column.reference"],
  ];
}

async function* movementsOf(statement: Statement, locale: Locale): AsyncGenerator<Movement[]> {
  for await (const batch of statement.lines()) {
    const movements = batch.map((line) => movementOf(line, locale)).filter((movement) => movement !== null);
    if (movements.length) yield movements;
  }
  const adjustments = adjustmentMovements(statement, locale);
  if (adjustments.length) yield adjustments;
}

/** The CSV, as text chunks (a header, then one chunk per batch of lines). */
export async function* movementsCsv(statement: Statement, locale: Locale, dialect: CsvDialect): AsyncGenerator<string> {
  yield csvByteOrderMark + csvLine(headerOf(locale), dialect);
  const reais = (cents: number) => csvNumberText(formatSignedDecimalReais(cents, dialect.decimal));
  for await (const movements of movementsOf(statement, locale)) {
    yield movements
      .map((movement) => {
        const [year, month, dayOfMonth] = movement.day.split("-");
        const date = locale === "pt-BR" ? `${dayOfMonth}/${month}/${year}` : movement.day;
        return csvLine(
          [date, movement.description, reais(movement.amountCents), reais(movement.feeCents), reais(movement.netCents), movement.reference],
          dialect,
        );
      })
      .join("");
  }
}

/** The XLSX (streamed): a date cell and number cells in reais per movement. */
export async function writeMovementsXlsx(statement: Statement, locale: Locale, stream: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(dictionaries[locale]["accounting.movementsSheet"]);
  sheet.columns = [12, 40, 14, 12, 14, 38].map((width) => ({ width }));
  sheet.addRow(headerOf(locale)).font = { bold: true };
  for await (const movements of movementsOf(statement, locale)) {
    for (const movement of movements) {
      const row = sheet.addRow([
        new Date(`${movement.day}T00:00:00Z`),
        movement.description,
        reaisNumber(movement.amountCents),
        reaisNumber(movement.feeCents),
        reaisNumber(movement.netCents),
        movement.reference,
      ]);
      row.getCell(1).numFmt = locale === "pt-BR" ? "dd/mm/yyyy" : "yyyy-mm-dd";
      for (const cell of [3, 4, 5]) row.getCell(cell).numFmt = "#,##0.00";
      row.commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}
