// The files people download say what was meant, in their language (#46): a day's and a month's
// statement as PDF and XLSX and a receipt as PDF, generated in both languages and read back (unpdf
// for the PDFs, exceljs's reader for the workbooks). Their text holds the dictionary's words as
// written (the PDF's font prints the minus sign of "Líquido (recebido − enviado − tarifas)"), days as
// 20/11/2026 and months as "novembro de 2026", and the one scanner (lib/i18n/untranslated-text.ts)
// finds no word of the other language, no raw code (CASH_IN, PENDING) and no ISO date in it.
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { ReceiptRow } from "@/lib/db/queries/receipts";
import { dictionaries, type Locale } from "@/lib/i18n/messages";
import { untranslatedIn } from "@/lib/i18n/untranslated-text";
import { buildReceipt } from "@/lib/receipts/receipt";
import { formatBRL } from "@/lib/format";
import { renderReceiptPdf } from "@/lib/receipts/receipt-pdf";
import type { Statement } from "@/lib/statements/statement";
import { statementPdf } from "@/lib/statements/statement-pdf";
import { writeStatementXlsx } from "@/lib/statements/statement-xlsx";
import { addToTotals, emptyTotals, type StatementAdjustment, type StatementLine, statementStates } from "@/lib/vocabulary/statement";

const merchantName = "Loja Exemplo";
const at = new Date("2026-11-20T13:04:05Z"); // 10:04:05 in São Paulo

/** One line per kind and state, so every label is printed. */
const lines: StatementLine[] = statementStates.flatMap((state, index) =>
  (["CASH_IN", "CASH_OUT"] as const).map((kind, kindIndex) => ({
    transactionId: `00000000-0000-4000-8000-0000000000${index}${kindIndex}`,
    walletTransactionId: state === "UNKNOWN" || state === "REJECTED" ? null : `wallet-${index}-${kindIndex}`,
    createdAt: new Date(at.getTime() + index * 60_000),
    bookedAt: new Date(at.getTime() + index * 60_000 + (state === "SETTLED" ? 1_800_000 : 0)),
    settledAt: state === "SETTLED" ? new Date(at.getTime() + index * 60_000 + 1_800_000) : null,
    kind,
    state,
    amountCents: 10_000 + index * 100,
    feeCents: state === "SETTLED" ? 150 : 0,
    counterparty: kind === "CASH_IN" ? "Maria Conceição" : "+55 ** *****-4321",
    reference: null,
  })),
);
const adjustment: StatementAdjustment = {
  ...lines[2]!,
  transactionId: "00000000-0000-4000-8000-00000000aaaa",
  state: "SETTLED",
  originalDay: "2026-11-10",
  previousState: "PENDING",
  previousAmountCents: 10_200,
  previousFeeCents: 0,
  netCents: 9_850,
};

function statementOf(period: Statement["period"]): Statement {
  const totals = lines.reduce((sum, line) => addToTotals(sum, line), emptyTotals());
  const adjustments = period.kind === "day" ? [adjustment] : [];
  totals.adjustments = { count: adjustments.length, netCents: adjustments.reduce((sum, line) => sum + line.netCents, 0) };
  return {
    period,
    closed: period.kind === "day" ? { closedAt: new Date("2026-11-21T03:30:00Z"), closedByEmail: "financeiro@example.com" } : null,
    totals,
    balances: { openingCents: 100_000, closingCents: 100_000 + totals.netCents + totals.adjustments.netCents },
    adjustments,
    lines: async function* () {
      yield lines;
    },
  };
}

async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  // The currency's no-break space and line breaks made plain.
  return text.replace(/\s+/g, " ");
}

async function statementPdfText(statement: Statement, locale: Locale): Promise<string> {
  const chunks: Buffer[] = [];
  const document = statementPdf(statement, locale, { merchantName });
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  await new Promise((resolve, reject) => {
    document.on("end", resolve);
    document.on("error", reject);
  });
  return pdfText(Buffer.concat(chunks));
}

/** Every text cell and sheet name of the workbook (numbers and dates are typed cells, not text). */
async function statementXlsxText(statement: Statement, locale: Locale): Promise<{ text: string; workbook: ExcelJS.Workbook }> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  await writeStatementXlsx(statement, locale, stream, { merchantName, now: at });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const texts: string[] = [];
  workbook.eachSheet((sheet) => {
    texts.push(sheet.name);
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === "string") texts.push(cell.value);
      }),
    );
  });
  return { text: texts.join("\n"), workbook };
}

const receiptRow: ReceiptRow = {
  id: "00000000-0000-4000-8000-00000000bbbb",
  kind: "CASH_IN",
  creationState: "created",
  status: "SUCCEED",
  walletTransactionId: "wallet-charge-0001",
  amountCents: 123_456,
  tax: "150.000000",
  isSandbox: true,
  payerName: "Maria Conceição",
  payerDocument: "12345678909",
  pixKeyType: null,
  pixKey: null,
  createdAt: at,
  statusChangedAt: at,
};
const receiptSettings = {
  merchantName,
  appUrl: "https://painel.example",
  authSecret: "a-test-secret-of-enough-length-0123456789",
  taxUnit: "cents" as const,
};

describe.each<[Locale, { day: string; month: string; originalDay: string }]>([
  ["pt-BR", { day: "Extrato de 20/11/2026", month: "Extrato de novembro de 2026", originalDay: "10/11/2026" }],
  ["en", { day: "Statement of 20 Nov 2026", month: "Statement of November 2026", originalDay: "10 Nov 2026" }],
])("the files people download, in %s", (locale, words) => {
  const t = dictionaries[locale];

  it("a day's statement PDF prints every word as meant (the minus sign too), and nothing escaped translation", async () => {
    const text = await statementPdfText(statementOf({ kind: "day", day: "2026-11-20" }), locale);
    expect(text).toContain(words.day);
    expect(text).toContain(t["statement.net"]);
    expect(t["statement.net"]).toContain("−");
    expect(text).toContain(`${t["statement.column.originalDay"]}: ${words.originalDay}`);
    expect(text).toContain(`${t["statement.openingBalance"]} ${formatBRL(100_000)}`.replace(/\s+/g, " "));
    expect(text).toContain(t["statement.column.createdAt"]);
    for (const state of statementStates) expect(text).toContain(t[`statement.state.${state}`]);
    expect(untranslatedIn(text, locale)).toEqual([]);
  });

  it("a month's statement PDF names the month in words", async () => {
    const text = await statementPdfText(statementOf({ kind: "month", month: "2026-11" }), locale);
    expect(text).toContain(words.month);
    expect(untranslatedIn(text, locale)).toEqual([]);
  });

  it("a day's statement XLSX holds labels, not codes, and the changed day as a date cell", async () => {
    const { text, workbook } = await statementXlsxText(statementOf({ kind: "day", day: "2026-11-20" }), locale);
    expect(text).toContain(words.day);
    expect(text).toContain(t["statement.net"]);
    expect(text).toContain(t["statement.kind.CASH_OUT"]);
    expect(untranslatedIn(text, locale)).toEqual([]);
    const adjustments = workbook.getWorksheet(t["statement.adjustmentsSheet"])!;
    const originalDay = adjustments.getRow(2).getCell(11);
    expect(originalDay.value).toEqual(new Date("2026-11-10T00:00:00Z"));
    expect(originalDay.numFmt).toBe(locale === "pt-BR" ? "dd/mm/yyyy" : "dd mmm yyyy");
  });

  it("a month's statement XLSX names the month in words", async () => {
    const { text } = await statementXlsxText(statementOf({ kind: "month", month: "2026-11" }), locale);
    expect(text).toContain(words.month);
    expect(untranslatedIn(text, locale)).toEqual([]);
  });

  it("a receipt PDF says its words as meant and nothing escaped translation", async () => {
    const receipt = buildReceipt(receiptRow, receiptSettings, locale)!;
    const text = await pdfText(await renderReceiptPdf(receipt));
    expect(text).toContain(receipt.title);
    expect(text).toContain("Maria Conceição");
    expect(text).toContain(t["status.SUCCEED"]);
    expect(untranslatedIn(text, locale)).toEqual([]);
  });
});
