// The files people download say what was meant, in their language (#46): a day's and a month's
// statement as PDF and XLSX and a receipt as PDF, generated in both languages and read back (unpdf
// for the PDFs, exceljs's reader for the workbooks). Their text holds the dictionary's words as
// written (the PDF's font prints the minus sign of "Líquido (recebido − enviado − tarifas)"), days as
// 20/11/2026 and months as "novembro de 2026", and the one scanner (lib/i18n/untranslated-text.ts)
// finds no word of the other language, no raw code (CASH_IN, PENDING) and no ISO date in it.
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { extractImages, extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { ReceiptRow } from "@/lib/db/queries/receipts";
import { dictionaries, type Locale } from "@/lib/i18n/messages";
import { normaliseLogo, pngDimensions } from "@/lib/merchant-identity/logo";
import { untranslatedIn } from "@/lib/i18n/untranslated-text";
import { buildReceipt, type ReceiptSettings } from "@/lib/receipts/receipt";
import { formatBRL } from "@/lib/format";
import { renderReceiptPdf } from "@/lib/receipts/receipt-pdf";
import { renderReceiptPng } from "@/lib/receipts/receipt-png";
import type { Statement } from "@/lib/statements/statement";
import { statementPdf } from "@/lib/statements/statement-pdf";
import { writeStatementXlsx } from "@/lib/statements/statement-xlsx";
import type { MerchantIdentity } from "@/lib/vocabulary/merchant-identity";
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
    storeNames: null,
    closed: period.kind === "day" ? { closedAt: new Date("2026-11-21T03:30:00Z"), closedByEmail: "financeiro@example.com" } : null,
    totals,
    balances: { openingCents: 100_000, closingCents: 100_000 + totals.netCents + totals.adjustments.netCents },
    openingBalance: null,
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

async function statementPdfBytes(statement: Statement, locale: Locale, identity: MerchantIdentity | null = null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const document = statementPdf(statement, locale, { merchantName, identity });
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  await new Promise((resolve, reject) => {
    document.on("end", resolve);
    document.on("error", reject);
  });
  return Buffer.concat(chunks);
}

async function statementPdfText(statement: Statement, locale: Locale): Promise<string> {
  return pdfText(await statementPdfBytes(statement, locale));
}

/** Every text cell and sheet name of the workbook (numbers and dates are typed cells, not text). */
async function statementXlsxText(
  statement: Statement,
  locale: Locale,
  identity: MerchantIdentity | null = null,
): Promise<{ text: string; workbook: ExcelJS.Workbook }> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  await writeStatementXlsx(statement, locale, stream, { merchantName, identity, now: at });
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
  paymentLinkName: null,
};
const receiptSettings = {
  merchantName,
  appUrl: "https://painel.example",
  authSecret: "a-test-secret-of-enough-length-0123456789",
  taxUnit: "cents" as const,
  identity: null,
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

describe("the merchant's identity on the PDFs and the workbook (#51)", () => {
  const logo = normaliseLogo(
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="90" height="30"><rect width="90" height="30" fill="#1d4ed8"/></svg>'),
  );
  if (!logo.ok) throw new Error("the test logo was refused");
  // An alphanumeric CNPJ (2026) and a name with accents: both printed as they are meant.
  const identity: MerchantIdentity = {
    legalName: "Comércio de Açaí Conceição Ltda.",
    cnpj: "12ABC34501DE35",
    address: "Rua das Flores, 123 — São Paulo/SP",
    logo: logo.logo,
  };

  /** The images of a PDF's first page as pdf.js decodes them: their size and the colour at their centre. */
  async function imagesOf(pdf: Buffer) {
    const images = await extractImages(await getDocumentProxy(new Uint8Array(pdf)), 1);
    return images.map((image) => {
      const centre = (Math.floor(image.height / 2) * image.width + Math.floor(image.width / 2)) * image.channels;
      return { width: image.width, height: image.height, centre: [...image.data.subarray(centre, centre + 3)] };
    });
  }
  const logoImage = { width: 480, height: 160, centre: [0x1d, 0x4e, 0xd8] };

  it.each<Locale>(["pt-BR", "en"])(
    "a receipt PDF in %s prints the legal name, the formatted CNPJ, the address and the logo",
    async (locale) => {
      const t = dictionaries[locale];
      const pdf = await renderReceiptPdf(buildReceipt(receiptRow, { ...receiptSettings, identity }, locale)!);
      const text = await pdfText(pdf);
      expect(text).toContain(identity.legalName);
      expect(text).toContain("12.ABC.345/01DE-35");
      expect(text).toContain(identity.address);
      expect(text).toContain(`${t["receipt.notProvided"]} ${t["receipt.notProvidedValue"]}`);
      expect(untranslatedIn(text, locale)).toEqual([]);
      // The logo as the PNG the dashboard drew (pdf.js on Node 20 cannot decode the QR code's image, so
      // the QR is not counted here).
      expect(await imagesOf(pdf)).toContainEqual(logoImage);
    },
  );

  it("a receipt without an identity prints neither its lines nor a logo", async () => {
    const pdf = await renderReceiptPdf(buildReceipt(receiptRow, receiptSettings, "pt-BR")!);
    const text = await pdfText(pdf);
    expect(text).not.toContain(dictionaries["pt-BR"]["receipt.legalName"]);
    expect(text).not.toContain(dictionaries["pt-BR"]["receipt.cnpj"]);
    expect(await imagesOf(pdf)).not.toContainEqual(logoImage);
  });

  it("a receipt PNG draws the logo above the title: taller than one without it by the logo's height and more", async () => {
    const heightOf = async (settings: ReceiptSettings) =>
      pngDimensions(await renderReceiptPng(buildReceipt(receiptRow, settings, "pt-BR")!))!.height;
    const [plain, withIdentity] = [await heightOf(receiptSettings), await heightOf({ ...receiptSettings, identity })];
    // The logo drawn within 240 × 80 (3:1 → 80 high) plus its margin, and the three identity lines.
    expect(withIdentity - plain).toBeGreaterThanOrEqual(80 + 3 * 50);
  });

  it.each<Locale>(["pt-BR", "en"])("a day's statement PDF in %s prints the legal name, the formatted CNPJ and the logo", async (locale) => {
    const pdf = await statementPdfBytes(statementOf({ kind: "day", day: "2026-11-20" }), locale, identity);
    const text = await pdfText(pdf);
    expect(text).toContain(identity.legalName);
    expect(text).toContain("12.ABC.345/01DE-35");
    expect(text).toContain(identity.address);
    expect(untranslatedIn(text, locale)).toEqual([]);
    expect(await imagesOf(pdf)).toEqual([logoImage]);
    expect(await imagesOf(await statementPdfBytes(statementOf({ kind: "day", day: "2026-11-20" }), locale))).toEqual([]);
  });

  it.each<Locale>(["pt-BR", "en"])(
    "a statement workbook in %s names the legal name, the formatted CNPJ and the address",
    async (locale) => {
      const t = dictionaries[locale];
      const { text } = await statementXlsxText(statementOf({ kind: "month", month: "2026-11" }), locale, identity);
      for (const line of [t["receipt.legalName"], identity.legalName, t["receipt.cnpj"], "12.ABC.345/01DE-35", identity.address!])
        expect(text).toContain(line);
      expect(untranslatedIn(text, locale)).toEqual([]);
      const { text: plain } = await statementXlsxText(statementOf({ kind: "month", month: "2026-11" }), locale);
      expect(plain).not.toContain(t["receipt.cnpj"]);
    },
  );
});
