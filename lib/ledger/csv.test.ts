import { describe, expect, it } from "vitest";
import { formatDecimalReais } from "@/lib/format";
import type { LedgerRow } from "@/lib/db/queries/ledger";
import { dictionaries } from "@/lib/i18n/messages";
import { parseCsv } from "@/test/support/parse-csv";
import {
  csvDialectFor,
  csvDialects,
  csvCell,
  csvLine,
  ledgerCsvColumns,
  ledgerCsvFileName,
  ledgerCsvHeader,
  ledgerCsvRow,
} from "@/lib/ledger/csv";

describe("csvCell", () => {
  it.each([
    ["plain", "plain"],
    ["", ""],
    ["with, comma", '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["carriage\r\nreturn", '"carriage\r\nreturn"'],
    ["João Ñandú", "João Ñandú"],
  ])("writes %j as %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ["-1+2", "'-1+2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tleading tab", "'\tleading tab"],
    ["=1,2", `"'=1,2"`],
  ])("guards %j against formula injection as %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([["+5511987654321"], ["+551133334444"]])("quotes a number-like key %j instead of prefixing '", (value) => {
    expect(csvCell(value)).toBe(`"${value}"`);
  });

  it("still guards a + that is not a bare number", () => {
    expect(csvCell("+55 11 9")).toBe("'+55 11 9");
    expect(csvCell("+1+1")).toBe("'+1+1");
  });

  it("quotes a cell holding the dialect's separator", () => {
    expect(csvCell("a;b", csvDialects.br)).toBe('"a;b"');
    expect(csvCell("a,b", csvDialects.br)).toBe("a,b");
    expect(csvLine(["a", 1, "b;c"], csvDialects.br)).toBe('a;1;"b;c"\r\n');
  });

  it("leaves null empty and numbers as written", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(123456)).toBe("123456");
  });

  it("ends a line with CRLF", () => {
    expect(csvLine(["a", null, 1, "b,c"])).toBe('a,,1,"b,c"\r\n');
  });
});

describe("formatDecimalReais", () => {
  it.each([
    [0, "0.00"],
    [1, "0.01"],
    [50, "0.50"],
    [123456, "1234.56"],
    [100_000_000, "1000000.00"],
    [Number.MAX_SAFE_INTEGER, "90071992547409.91"],
  ])("writes %i cents as %s", (cents, text) => {
    expect(formatDecimalReais(cents)).toBe(text);
  });

  it("writes a comma decimal mark for Brazilian spreadsheets", () => {
    expect(formatDecimalReais(123456, ",")).toBe("1234,56");
  });

  it("refuses fractions and negatives", () => {
    expect(() => formatDecimalReais(1.5)).toThrow(TypeError);
    expect(() => formatDecimalReais(-1)).toThrow(TypeError);
  });
});

describe("ledger CSV rows", () => {
  const row: LedgerRow = {
    id: "0b6f1c2e-7d1a-4c55-9a0e-3f2b1c4d5e6f",
    walletTransactionId: "w-1",
    kind: "CASH_OUT",
    creationState: "created",
    status: "SUCCEED",
    amountCents: 123456,
    payerName: null,
    payerEmail: null,
    payerDocument: null,
    pixKeyType: "PHONE",
    pixKey: "+5511987654321",
    externalReference: 'order "7", urgent',
    createdByEmail: "ana@example.com",
    tax: "50.000000",
    isSandbox: true,
    invoiceDescription: "Supplier; March",
    statusChangedAt: new Date("2025-03-10T02:30:05.000Z"),
    createdAt: new Date("2025-03-10T02:30:00.000Z"),
    keyCreatedAt: "2025-03-10T02:30:00.000000Z",
    paymentLinkId: null,
    paymentLinkName: null,
  };

  it("starts with a BOM and the header", () => {
    expect(ledgerCsvHeader()).toBe(`\uFEFF${ledgerCsvColumns.join(",")}\r\n`);
  });

  it("writes amounts as reais and cents, readable labels, the fee, times in UTC and in São Paulo, and quotes the phone key", () => {
    expect(ledgerCsvRow(row, { dialect: csvDialects.standard, t: dictionaries.en, taxUnit: "cents", personalData: "full" })).toBe(
      `${row.id},w-1,CASH_OUT,Cash out,SUCCEED,Paid,created,1234.56,123456,0.50,50,Supplier; March,,,,PHONE,"+5511987654321","order ""7"", urgent",ana@example.com,2025-03-10T02:30:00.000Z,2025-03-09 23:30:00,2025-03-09 23:30:05,,\r\n`,
    );
  });

  it("names the payment link a charge came from, last, its name guarded like any text", () => {
    const line = ledgerCsvRow(
      { ...row, kind: "CASH_IN", paymentLinkId: "6f1c2e0b-7d1a-4c55-9a0e-3f2b1c4d5e6f", paymentLinkName: "=Feira, domingo" },
      { dialect: csvDialects.standard, t: dictionaries.en, taxUnit: "cents" },
    );
    const cells = parseCsv(line)[0]!;
    expect(cells.slice(-2)).toEqual(["6f1c2e0b-7d1a-4c55-9a0e-3f2b1c4d5e6f", "'=Feira, domingo"]);
  });

  it("writes the Brazilian dialect: semicolons, decimal commas, Portuguese labels", () => {
    expect(ledgerCsvHeader(csvDialects.br)).toBe(`\uFEFF${ledgerCsvColumns.join(";")}\r\n`);
    expect(ledgerCsvRow(row, { dialect: csvDialects.br, t: dictionaries["pt-BR"], taxUnit: "cents", personalData: "full" })).toBe(
      `${row.id};w-1;CASH_OUT;Envio PIX;SUCCEED;Paga;created;1234,56;123456;0,50;50;"Supplier; March";;;;PHONE;"+5511987654321";"order ""7"", urgent";ana@example.com;2025-03-10T02:30:00.000Z;2025-03-09 23:30:00;2025-03-09 23:30:05;;\r\n`,
    );
  });

  it("masks the PIX key unless the export is in full (docs/personal-data.md); a masked phone is guarded like text", () => {
    const cells = parseCsv(ledgerCsvRow(row, { dialect: csvDialects.standard, t: dictionaries.en, taxUnit: "cents" }))[0]!;
    expect(cells[ledgerCsvColumns.indexOf("pix_key")]).toBe("'+55 ** *****-4321");
    expect(cells.join(",")).not.toContain("98765");
  });

  it("leaves the fee in reais empty where the wallet does not state its unit, and paid-at empty unless paid", () => {
    const line = ledgerCsvRow(
      { ...row, isSandbox: false, tax: "1222.000000", status: "PENDING" },
      { dialect: csvDialects.standard, t: dictionaries.en, taxUnit: "unknown" },
    );
    const cells = Object.fromEntries(ledgerCsvColumns.map((column, index) => [column, parseCsv(line)[0]![index]]));
    expect(cells).toMatchObject({ fee_reais: "", fee_as_reported: "1222", status_label: "Pending", paid_at_sao_paulo: "" });
  });

  it.each([
    ["cents", "12.22"],
    ["reais", "1222.00"],
    ["unknown", ""],
  ] as const)("reads the fee in reais by WALLET_TAX_UNIT=%s, whatever the row's sandbox flag", (taxUnit, feeReais) => {
    for (const isSandbox of [true, false]) {
      const line = ledgerCsvRow({ ...row, isSandbox, tax: "1222.000000" }, { dialect: csvDialects.standard, t: dictionaries.en, taxUnit });
      const cells = Object.fromEntries(ledgerCsvColumns.map((column, index) => [column, parseCsv(line)[0]![index]]));
      expect(cells).toMatchObject({ fee_reais: feeReais, fee_as_reported: "1222" });
    }
  });

  it("picks the Brazilian dialect by default for Portuguese, and honours an explicit choice", () => {
    expect(csvDialectFor(null, "pt-BR")).toBe("br");
    expect(csvDialectFor(null, "en")).toBe("standard");
    expect(csvDialectFor("standard", "pt-BR")).toBe("standard");
    expect(csvDialectFor("br", "en")).toBe("br");
    expect(csvDialectFor("nonsense", "en")).toBe("standard");
  });

  it("names the file after the São Paulo time", () => {
    expect(ledgerCsvFileName(new Date("2025-03-10T02:30:00.000Z"))).toBe("transactions-20250309-2330.csv");
  });
});
