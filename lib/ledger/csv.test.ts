import { describe, expect, it } from "vitest";
import type { LedgerRow } from "@/lib/db/queries/ledger";
import {
  centsToDecimalReais,
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
    ["+5511987654321", "'+5511987654321"],
    ["-1+2", "'-1+2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tleading tab", "'\tleading tab"],
    ["=1,2", `"'=1,2"`],
  ])("guards %j against formula injection as %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
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

describe("centsToDecimalReais", () => {
  it.each([
    [0, "0.00"],
    [1, "0.01"],
    [50, "0.50"],
    [123456, "1234.56"],
    [100_000_000, "1000000.00"],
    [Number.MAX_SAFE_INTEGER, "90071992547409.91"],
  ])("writes %i cents as %s", (cents, text) => {
    expect(centsToDecimalReais(cents)).toBe(text);
  });

  it("refuses fractions and negatives", () => {
    expect(() => centsToDecimalReais(1.5)).toThrow(TypeError);
    expect(() => centsToDecimalReais(-1)).toThrow(TypeError);
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
    createdAt: new Date("2025-03-10T02:30:00.000Z"),
    keyCreatedAt: "2025-03-10T02:30:00.000000Z",
  };

  it("starts with a BOM and the header", () => {
    expect(ledgerCsvHeader()).toBe(`\uFEFF${ledgerCsvColumns.join(",")}\r\n`);
  });

  it("writes amounts as reais and cents, times in UTC and in São Paulo, and guards the key", () => {
    expect(ledgerCsvRow(row)).toBe(
      `${row.id},w-1,CASH_OUT,SUCCEED,created,1234.56,123456,,,,PHONE,'+5511987654321,"order ""7"", urgent",ana@example.com,2025-03-10T02:30:00.000Z,2025-03-09 23:30:00\r\n`,
    );
  });

  it("names the file after the São Paulo time", () => {
    expect(ledgerCsvFileName(new Date("2025-03-10T02:30:00.000Z"))).toBe("transactions-20250309-2330.csv");
  });
});
