import { describe, expect, it } from "vitest";
import { documentErrorMessages, documentSchema, validateDocument } from "@/lib/schemas/brazilian-documents";
import { formatDocumentAsTyped } from "@/lib/vocabulary/brazilian-documents";
import { normaliseDocument } from "@/lib/vocabulary/brazilian-documents";

describe("validateDocument", () => {
  it.each([
    ["529.982.247-25", "CPF", "52998224725"],
    ["52998224725", "CPF", "52998224725"],
    ["123.456.789-09", "CPF", "12345678909"],
    [" 123 456 789 09 ", "CPF", "12345678909"],
    ["11.222.333/0001-81", "CNPJ", "11222333000181"],
    ["11222333000181", "CNPJ", "11222333000181"],
    // Alphanumeric CNPJ (from July 2026), the Receita Federal's own example and the library's.
    ["12.ABC.345/01DE-35", "CNPJ", "12ABC34501DE35"],
    ["12.abc.345/01de-35", "CNPJ", "12ABC34501DE35"],
    ["Q0.SLF.MBD/7VX4-39", "CNPJ", "Q0SLFMBD7VX439"],
  ])("accepts %s as a %s, sent as %s", (text, kind, value) => {
    expect(validateDocument(text)).toEqual({ ok: true, kind, value });
  });

  it.each([
    ["", documentErrorMessages.empty],
    [" .-/ ", documentErrorMessages.empty],
    ["529.982.247-26", documentErrorMessages.cpfCheckDigits],
    ["12345678900", documentErrorMessages.cpfCheckDigits],
    ["111.111.111-11", documentErrorMessages.repeatedCharacters],
    ["00000000000", documentErrorMessages.repeatedCharacters],
    ["11.222.333/0001-82", documentErrorMessages.cnpjCheckDigits],
    ["12.ABC.345/01DE-36", documentErrorMessages.cnpjCheckDigits],
    ["12.ABC.345/01DE-AB", documentErrorMessages.cnpjCheckDigitsNotNumeric],
    ["00.000.000/0000-00", documentErrorMessages.repeatedCharacters],
    ["5299822472", documentErrorMessages.wrongLength],
    ["529982247251", documentErrorMessages.wrongLength],
    ["1122233300018", documentErrorMessages.wrongLength],
    ["112223330001811", documentErrorMessages.wrongLength],
    ["529.982.247_25", documentErrorMessages.invalidCharacters],
    ["12ABC34501DE3Ç", documentErrorMessages.invalidCharacters],
  ])("rejects %j", (text, error) => {
    expect(validateDocument(text)).toEqual({ ok: false, error });
  });
});

describe("normaliseDocument", () => {
  it("strips the mask and upper-cases letters", () => {
    expect(normaliseDocument(" 12.abc.345/01de-35 ")).toBe("12ABC34501DE35");
  });
});

describe("formatDocumentAsTyped", () => {
  it.each([
    ["", ""],
    ["529", "529"],
    ["5299", "529.9"],
    ["52998224725", "529.982.247-25"],
    ["529.982.247-25", "529.982.247-25"],
    ["112223330001", "11.222.333/0001"],
    ["11222333000181", "11.222.333/0001-81"],
    ["11222333000181999", "11.222.333/0001-81"],
    ["12a", "12.A"],
    ["12abc34501de35", "12.ABC.345/01DE-35"],
  ])("masks %j as %j", (text, masked) => {
    expect(formatDocumentAsTyped(text)).toBe(masked);
  });
});

describe("documentSchema", () => {
  it("outputs the unformatted document", () => {
    expect(documentSchema.parse("12.abc.345/01de-35")).toBe("12ABC34501DE35");
  });

  it("puts the reason in the issue", () => {
    expect(documentSchema.safeParse("529.982.247-26").error?.issues[0]?.message).toBe(documentErrorMessages.cpfCheckDigits);
  });
});
