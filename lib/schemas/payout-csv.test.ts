// The payouts CSV reader: the documented example file is valid, and each kind of bad row is
// reported on its own line and column.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { maxPayoutCsvRows, parsePayoutCsv, payoutCsvMessages, summarisePayoutRows } from "@/lib/schemas/payout-csv";

describe("parsePayoutCsv", () => {
  it("reads the documented example file (docs/payouts-example.csv)", () => {
    const result = parsePayoutCsv(readFileSync(path.resolve(import.meta.dirname, "../../docs/payouts-example.csv"), "utf8"));
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(
      result.rows.map(({ line, order }) => [
        line,
        order.amount,
        order.pixKey.type,
        order.pixKey.key,
        order.externalReference,
        order.metadata,
      ]),
    ).toEqual([
      [2, 125_000, "EMAIL", "financeiro@fornecedor-a.com.br", "nov-001", { description: "Fornecedor A - novembro", invoice: "NF-1001" }],
      [3, 8_990, "PHONE", "+5511987654321", "nov-002", { description: "Frete", invoice: "NF-1002" }],
      [4, 1_500_000, "DOCUMENT", "11222333000181", "nov-003", { description: "Fornecedor B - lote 7", invoice: "NF-1003" }],
      [5, 32_000, "RANDOM", "123e4567-e89b-12d3-a456-426614174000", "nov-004", { description: "Reembolso" }],
    ]);
    expect(summarisePayoutRows(result.rows)).toMatchObject({ count: 4, totalCents: 1_665_990, duplicates: [] });
  });

  it("accepts commas as separators with quoted amounts, a BOM and blank lines, keeping line numbers", () => {
    const result = parsePayoutCsv(
      '\uFEFFAmount,Key_Type,Key\r\n"1.000,00",email,A@b.com\r\n\r\n"2,50",RANDOM,123e4567-e89b-12d3-a456-426614174000\r\n',
    );
    expect(result).toMatchObject({
      ok: true,
      rows: [
        { line: 2, order: { amount: 100_000 } },
        { line: 4, order: { amount: 250 } },
      ],
    });
  });

  it("names missing and unknown columns, empty files and files with too many rows", () => {
    expect(parsePayoutCsv("amount;key\r\n1,00;a@b.com")).toEqual({
      ok: false,
      fileError: payoutCsvMessages.missingColumns(["key_type"]),
      problems: [],
    });
    expect(parsePayoutCsv("amount;key_type;key;colour\r\n")).toEqual({
      ok: false,
      fileError: payoutCsvMessages.unknownColumn("colour"),
      problems: [],
    });
    expect(parsePayoutCsv("amount;key_type;key\r\n")).toEqual({ ok: false, fileError: payoutCsvMessages.empty, problems: [] });
    const many = [
      "amount;key_type;key",
      ...Array.from({ length: maxPayoutCsvRows + 1 }, (_, index) => `1,00;EMAIL;p${index}@example.com`),
    ].join("\n");
    expect(parsePayoutCsv(many)).toEqual({ ok: false, fileError: payoutCsvMessages.tooManyRows, problems: [] });
  });

  it("reports every bad cell with its line and column, and a line with the wrong number of cells", () => {
    const result = parsePayoutCsv(
      ["amount;key_type;key;reference", "-5,00;EMAIL;a@b.com;r1", "5,00;EMAIL;not-an-email;r2", "5,00;EMAIL", "5,00;CPF;123;r4"].join("\n"),
    );
    expect(result).toMatchObject({
      ok: false,
      problems: [
        { line: 2, field: "amount" },
        { line: 3, field: "key" },
        { line: 4, field: "line", message: payoutCsvMessages.wrongCellCount(4, 2) },
        { line: 5, field: "key_type", message: payoutCsvMessages.keyType },
      ],
    });
  });
});
