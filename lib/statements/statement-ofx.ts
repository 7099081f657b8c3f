// A statement as OFX 1.0.2 (SGML), the bank-statement format Brazilian accounting and ERP systems
// import (banks here export 1.0.2 SGML; docs/decisions/closing-the-books.md says why not 2.x):
// one STMTTRN per settled movement, the wallet's fee as its own FEE line, the day's adjustments
// (a late settlement as a movement, a reversal undoing what the books held), and the statement's
// closing balance as LEDGERBAL. FITIDs are derived from our transaction ids, so every export of the
// same movement (a day's, its month's, again tomorrow) carries the same FITID and a re-import does
// not duplicate it. Text is plain ASCII (accents dropped), the charset every importer reads.
import { formatDecimalReais } from "@/lib/format";
import { saoPauloDayStart, saoPauloOfxDateTime, nextCalendarDay, nextCalendarMonth } from "@/lib/vocabulary/sao-paulo-dates";
import type { StatementAdjustment, StatementLine } from "@/lib/vocabulary/statement";
import type { Statement } from "./statement";

/** The wallet account's ACCTID in every export: constant, so an importer keeps one account for it. */
export const ofxAccountId = "CARTEIRA-PIX";

export type OfxMovement = { type: "CREDIT" | "DEBIT" | "FEE"; postedAt: Date; cents: number; fitid: string; name: string; memo: string };

/** Signed decimal reais, "-12.34" (lib/format's figure of the magnitude). */
const signedReais = (cents: number) => `${cents < 0 ? "-" : ""}${formatDecimalReais(Math.abs(cents))}`;

/** Plain ASCII for SGML: accents dropped, markup characters escaped, one line. */
function ofxText(text: string, max = 255): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, " ")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .trim()
    .slice(0, max);
}

/** A settled line's movements: the money, then its fee (when not zero). `sign` −1 reverses both. */
export function ofxMovements(line: StatementLine, options: { sign?: 1 | -1; suffix?: string; postedAt?: Date } = {}): OfxMovement[] {
  const sign = options.sign ?? 1;
  const suffix = options.suffix ?? "";
  const postedAt = options.postedAt ?? line.settledAt ?? line.bookedAt;
  const reference = line.walletTransactionId ?? line.transactionId;
  const money = (line.kind === "CASH_IN" ? line.amountCents : -line.amountCents) * sign;
  const movements: OfxMovement[] = [
    {
      type: money >= 0 ? "CREDIT" : "DEBIT",
      postedAt,
      cents: money,
      fitid: `${line.transactionId}${suffix}`,
      name: line.counterparty || "PIX",
      memo: `PIX ${line.kind === "CASH_IN" ? "IN" : "OUT"} ${reference}`,
    },
  ];
  if (line.feeCents !== 0)
    movements.push({
      type: "FEE",
      postedAt,
      cents: -line.feeCents * sign,
      fitid: `${line.transactionId}-fee${suffix}`,
      name: "Wallet fee",
      memo: `Fee ${reference}`,
    });
  return movements;
}

/** A day's adjustment as movements: a late settlement books it; a settled one that stopped being settled is reversed. */
function adjustmentMovements(adjustment: StatementAdjustment, day: string): OfxMovement[] {
  const nowSettled = adjustment.state === "SETTLED";
  const wasSettled = adjustment.previousState === "SETTLED";
  if (nowSettled === wasSettled) return [];
  if (nowSettled) return ofxMovements(adjustment);
  return ofxMovements(
    { ...adjustment, amountCents: adjustment.previousAmountCents, feeCents: adjustment.previousFeeCents },
    { sign: -1, suffix: `-reversal`, postedAt: saoPauloDayStart(day) },
  );
}

function periodBounds(statement: Statement): { start: Date; end: Date } {
  const { period } = statement;
  return period.kind === "day"
    ? { start: saoPauloDayStart(period.day), end: saoPauloDayStart(nextCalendarDay(period.day)) }
    : { start: saoPauloDayStart(`${period.month}-01`), end: saoPauloDayStart(`${nextCalendarMonth(period.month)}-01`) };
}

/**
 * The OFX document, as text chunks. `account`: the wallet account's id as the importer will know
 * it (ACCTID); `now`: DTSERVER.
 */
export async function* statementOfx(statement: Statement, context: { account: string; now?: Date }): AsyncGenerator<string> {
  const { start, end } = periodBounds(statement);
  const last = new Date(end.getTime() - 1000);
  yield [
    "OFXHEADER:100",
    "DATA:OFXSGML",
    "VERSION:102",
    "SECURITY:NONE",
    "ENCODING:USASCII",
    "CHARSET:1252",
    "COMPRESSION:NONE",
    "OLDFILEUID:NONE",
    "NEWFILEUID:NONE",
    "",
    "<OFX>",
    "<SIGNONMSGSRSV1><SONRS>",
    "<STATUS><CODE>0<SEVERITY>INFO</STATUS>",
    `<DTSERVER>${saoPauloOfxDateTime(context.now ?? new Date())}`,
    "<LANGUAGE>POR",
    "</SONRS></SIGNONMSGSRSV1>",
    "<BANKMSGSRSV1><STMTTRNRS>",
    "<TRNUID>1",
    "<STATUS><CODE>0<SEVERITY>INFO</STATUS>",
    "<STMTRS>",
    "<CURDEF>BRL",
    `<BANKACCTFROM><BANKID>PIX<ACCTID>${ofxText(context.account, 22)}<ACCTTYPE>CHECKING</BANKACCTFROM>`,
    "<BANKTRANLIST>",
    `<DTSTART>${saoPauloOfxDateTime(start)}`,
    `<DTEND>${saoPauloOfxDateTime(last)}`,
    "",
  ].join("\r\n");
  const write = (movement: OfxMovement) =>
    [
      "<STMTTRN>",
      `<TRNTYPE>${movement.type}`,
      `<DTPOSTED>${saoPauloOfxDateTime(movement.postedAt)}`,
      `<TRNAMT>${signedReais(movement.cents)}`,
      `<FITID>${ofxText(movement.fitid)}`,
      `<NAME>${ofxText(movement.name, 32)}`,
      `<MEMO>${ofxText(movement.memo)}`,
      "</STMTTRN>",
      "",
    ].join("\r\n");
  for await (const batch of statement.lines()) {
    let chunk = "";
    for (const line of batch) if (line.state === "SETTLED") for (const movement of ofxMovements(line)) chunk += write(movement);
    if (chunk) yield chunk;
  }
  if (statement.period.kind === "day") {
    const day = statement.period.day;
    yield statement.adjustments
      .flatMap((adjustment) => adjustmentMovements(adjustment, day))
      .map(write)
      .join("");
  }
  yield [
    "</BANKTRANLIST>",
    `<LEDGERBAL><BALAMT>${signedReais(statement.balances.closingCents)}<DTASOF>${saoPauloOfxDateTime(last)}</LEDGERBAL>`,
    "</STMTRS></STMTTRNRS></BANKMSGSRSV1>",
    "</OFX>",
    "",
  ].join("\r\n");
}
