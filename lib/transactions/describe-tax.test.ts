import { describe, expect, it } from "vitest";
import { dictionaries } from "@/lib/i18n/messages";
import { describeTax } from "@/lib/transactions/describe-tax";

const en = dictionaries.en;

describe("describeTax", () => {
  it("shows the sandbox's whole cents as reais, however many zeros the wallet adds", () => {
    expect(describeTax("1222.000000", true, en)).toBe(formatted(1222));
    expect(describeTax("50", true, en)).toBe(formatted(50));
  });

  it("shows a real wallet's figure as it came, saying the unit is not stated", () => {
    expect(describeTax("1222.000000", false, en)).toBe("1222 (as reported by the wallet, which does not state its unit)");
    expect(describeTax("1.50", true, en)).toBe("1.5 (as reported by the wallet, which does not state its unit)");
  });

  it("says when the tax is not known, in the operator's language", () => {
    expect(describeTax(null, true, en)).toBe("Unknown");
    expect(describeTax(null, true, dictionaries["pt-BR"])).toBe("Desconhecido");
  });
});

function formatted(cents: number): string {
  return new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(cents / 100);
}
