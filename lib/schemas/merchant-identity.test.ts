// The merchant identity's schema (#51): the CNPJ by its check digits, numeric or alphanumeric (2026),
// a CPF refused with its own message; names and addresses trimmed and bounded.
import { describe, expect, it } from "vitest";
import { msg } from "@/lib/i18n/message";
import { formatCnpjForPrint } from "./brazilian-documents";
import { merchantIdentitySchema } from "./merchant-identity";

const valid = { legalName: "  Comércio   Exemplo Ltda. ", cnpj: "11.222.333/0001-81", address: "", logo: "", removeLogo: false };
const issuesOf = (input: typeof valid) => {
  const result = merchantIdentitySchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
};

describe("merchantIdentitySchema", () => {
  it("accepts a numeric and an alphanumeric CNPJ, stored unformatted, printed masked", () => {
    expect(merchantIdentitySchema.parse(valid)).toMatchObject({ legalName: "Comércio Exemplo Ltda.", cnpj: "11222333000181" });
    expect(merchantIdentitySchema.parse({ ...valid, cnpj: "12.abc.345/01de-35" }).cnpj).toBe("12ABC34501DE35");
    expect(formatCnpjForPrint("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
    expect(formatCnpjForPrint("11222333000181")).toBe("11.222.333/0001-81");
  });

  it("refuses a CPF, wrong check digits, an empty legal name and a long address, each on its field", () => {
    expect(issuesOf({ ...valid, cnpj: "529.982.247-25" })).toEqual([["cnpj", msg("errors.merchant.cnpjNotCpf")]]);
    expect(issuesOf({ ...valid, cnpj: "11.222.333/0001-82" })).toEqual([["cnpj", msg("errors.document.cnpjCheckDigits")]]);
    expect(issuesOf({ ...valid, legalName: "   " })).toEqual([["legalName", msg("errors.merchant.legalName")]]);
    expect(issuesOf({ ...valid, address: "x".repeat(301) })).toEqual([["address", msg("errors.merchant.address")]]);
  });
});
