// The accounting export's "one line per movement" layout (#51): only settled movements, signed
// (money in positive, money out and fees negative), dated by settlement; a day's adjustments as
// movements of that day (reversed when a settled one stopped being settled). Read back with
// papaparse (CSV, both dialects) and exceljs (XLSX), the nets add up to the statement's net with
// adjustments.
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvDialects } from "@/lib/ledger/csv";
import { addToTotals, emptyTotals, type StatementAdjustment, type StatementLine } from "@/lib/vocabulary/statement";
import { movementsCsv, writeMovementsXlsx } from "./accounting-movements";
import type { Statement } from "./statement";

const created = new Date("2026-11-20T02:50:00Z"); // 23:50 on the 19th in São Paulo
const line = (overrides: Partial<StatementLine>): StatementLine => ({
  transactionId: "00000000-0000-4000-8000-000000000001",
  walletTransactionId: "wallet-1",
  createdAt: created,
  bookedAt: new Date("2026-11-20T03:10:00Z"), // 00:10 on the 20th: paid after midnight
  settledAt: new Date("2026-11-20T03:10:00Z"),
  kind: "CASH_IN",
  state: "SETTLED",
  amountCents: 10_000,
  feeCents: 150,
  counterparty: "Maria",
  reference: null,
  ...overrides,
});
const lines = [
  line({}),
  line({
    transactionId: "00000000-0000-4000-8000-000000000002",
    walletTransactionId: "wallet-2",
    kind: "CASH_OUT",
    amountCents: 2_550,
    feeCents: 0,
    counterparty: "+55 ** *****-4321",
  }),
  line({
    transactionId: "00000000-0000-4000-8000-000000000003",
    walletTransactionId: "wallet-3",
    state: "PENDING",
    settledAt: null,
    feeCents: 0,
  }),
];
// A transfer of a closed day that failed after closing: it leaves the books on the 20th, reversed.
const reversed: StatementAdjustment = {
  ...line({
    transactionId: "00000000-0000-4000-8000-000000000004",
    walletTransactionId: "wallet-4",
    kind: "CASH_OUT",
    state: "FAILED",
    amountCents: 700,
    feeCents: 0,
  }),
  originalDay: "2026-11-18",
  previousState: "SETTLED",
  previousAmountCents: 700,
  previousFeeCents: 10,
  netCents: 710,
};

function statement(): Statement {
  const totals = lines.reduce((sum, each) => addToTotals(sum, each), emptyTotals());
  totals.adjustments = { count: 1, netCents: reversed.netCents };
  return {
    period: { kind: "day", day: "2026-11-20" },
    storeNames: null,
    closed: null,
    totals,
    balances: { openingCents: 0, closingCents: totals.netCents + reversed.netCents },
    openingBalance: null,
    adjustments: [reversed],
    lines: async function* () {
      yield lines;
    },
  };
}

async function csvRows(locale: "pt-BR" | "en"): Promise<string[][]> {
  let text = "";
  for await (const chunk of movementsCsv(statement(), locale, locale === "pt-BR" ? csvDialects.br : csvDialects.standard)) text += chunk;
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
}

describe("one line per movement", () => {
  it("in Portuguese: settled movements only, signed, dated by the settlement, the reversal last; nets add up to the statement", async () => {
    const rows = await csvRows("pt-BR");
    expect(rows).toEqual([
      ["Data", "Histórico", "Valor", "Tarifa", "Líquido", "Documento"],
      ["20/11/2026", "PIX recebido de Maria", "100,00", "-1,50", "98,50", "wallet-1"],
      ["20/11/2026", "PIX enviado para +55 ** *****-4321", "-25,50", "0,00", "-25,50", "wallet-2"],
      ["20/11/2026", "PIX enviado para Maria", "7,00", "0,10", "7,10", "wallet-4"],
    ]);
    const netCents = rows.slice(1).reduce((sum, row) => sum + Math.round(Number(row[4]!.replace(",", ".")) * 100), 0);
    const { totals } = statement();
    expect(netCents).toBe(totals.netCents + totals.adjustments.netCents);
  });

  it("in English: the standard dialect, ISO dates", async () => {
    const rows = await csvRows("en");
    expect(rows[0]).toEqual(["Date", "Description", "Amount", "Fee", "Net", "Reference"]);
    expect(rows[1]).toEqual(["2026-11-20", "PIX received from Maria", "100.00", "-1.50", "98.50", "wallet-1"]);
  });

  it("as XLSX: a date cell and number cells per movement", async () => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    await writeMovementsXlsx(statement(), "pt-BR", stream);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Movimentos")!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      new Date("2026-11-20T00:00:00Z"),
      "PIX recebido de Maria",
      100,
      -1.5,
      98.5,
      "wallet-1",
    ]);
    expect(sheet.getRow(3).getCell(3).value).toBe(-25.5);
  });
});
