import { describe, expect, it } from "vitest";
import { formatBRL } from "@/lib/format";
import { dictionaries } from "@/lib/i18n/messages";
import { describeTax } from "@/lib/transactions/describe-tax";
import { taxAsReported, taxToCents } from "@/lib/vocabulary/wallet-tax";

const en = dictionaries.en;

describe("describeTax: one fee as the transaction page shows it", () => {
  it("with WALLET_TAX_UNIT=cents shows whole cents as reais, however many zeros the wallet adds", () => {
    expect(describeTax("1222.000000", "cents", en)).toBe("R$\u00a012,22");
    expect(describeTax("50", "cents", en)).toBe(formatBRL(50));
  });

  it("with WALLET_TAX_UNIT=reais shows the figure as reais", () => {
    expect(describeTax("1222.000000", "reais", en)).toBe("R$\u00a01.222,00");
    expect(describeTax("0.5", "reais", en)).toBe(formatBRL(50));
  });

  it("with WALLET_TAX_UNIT=unknown shows the figure as it came, saying the unit is not stated, in the operator's language", () => {
    expect(describeTax("1222.000000", "unknown", en)).toBe("1222 (as reported by the wallet, which does not state its unit)");
    expect(describeTax("1.50", "unknown", dictionaries["pt-BR"])).toBe("1.5 (como informado pela carteira, que não diz a unidade)");
  });

  it("shows a figure that is not a number as it came, whatever the unit", () => {
    expect(describeTax("abc", "cents", en)).toBe("abc (as reported by the wallet, which does not state its unit)");
  });

  it("says when the tax is not known, in the operator's language", () => {
    expect(describeTax(null, "cents", en)).toBe("Unknown");
    expect(describeTax(null, "unknown", dictionaries["pt-BR"])).toBe("Desconhecido");
  });
});

describe("taxToCents: the fee in cents under each unit", () => {
  it.each([
    ["1222.000000", "cents", 1222],
    ["1222.5", "cents", 1223],
    ["1222.4999", "cents", 1222],
    ["12.22", "reais", 1222],
    ["12.345", "reais", 1235],
    ["12.344999", "reais", 1234],
    ["0.1", "reais", 10],
    ["7", "reais", 700],
    ["-1.5", "cents", -2],
    ["1222", "unknown", null],
    ["not a number", "cents", null],
    [null, "cents", null],
  ] as const)("%j in %s is %j", (tax, unit, cents) => {
    expect(taxToCents(tax, unit)).toBe(cents);
  });

  it("drops trailing zeros from the reported figure", () => {
    expect(taxAsReported("1222.000000")).toBe("1222");
    expect(taxAsReported("1.50")).toBe("1.5");
    expect(taxAsReported("120")).toBe("120");
  });
});
