import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatReaisInput } from "@/lib/format";
import { amountErrorMessages, amountInReaisSchema, amountInWords, maxAmountInCents, parseReaisToCents } from "@/lib/schemas/money";

describe("parseReaisToCents", () => {
  it.each([
    ["10,50", 1050],
    ["1.234,56", 123456],
    ["10", 1000],
    ["0,5", 50],
    ["0,01", 1],
    [",99", 99],
    ["1234,56", 123456],
    ["1.000", 100000],
    ["12.345", 1234500],
    ["R$ 10,50", 1050],
    ["R$\u00a01.234,56", 123456],
    ["  7,00  ", 700],
    ["007,10", 710],
    ["1.000.000,00", 100_000_000],
  ])("reads %s as %i cents", (text, cents) => {
    expect(parseReaisToCents(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ["", amountErrorMessages.empty],
    ["   ", amountErrorMessages.empty],
    ["R$", amountErrorMessages.empty],
    ["0,00", amountErrorMessages.zero],
    ["0", amountErrorMessages.zero],
    [",0", amountErrorMessages.zero],
    ["-10,00", amountErrorMessages.negative],
    ["-0,01", amountErrorMessages.negative],
    ["10,505", amountErrorMessages.tooManyDecimals],
    ["0,001", amountErrorMessages.tooManyDecimals],
    ["10.50", amountErrorMessages.dotAsDecimal],
    ["1.5", amountErrorMessages.dotAsDecimal],
    ["1.23,4", amountErrorMessages.misplacedThousandsSeparator],
    ["12.34.567", amountErrorMessages.misplacedThousandsSeparator],
    ["1234.567", amountErrorMessages.misplacedThousandsSeparator],
    ["0.500", amountErrorMessages.misplacedThousandsSeparator],
    ["1.234.56", amountErrorMessages.misplacedThousandsSeparator],
    ["1,234.56", amountErrorMessages.notANumber],
    ["10,5,0", amountErrorMessages.notANumber],
    ["10,", amountErrorMessages.notANumber],
    ["abc", amountErrorMessages.notANumber],
    ["10 reais", amountErrorMessages.notANumber],
    ["1e3", amountErrorMessages.notANumber],
    ["1 000,00", amountErrorMessages.notANumber],
    ["1.000.000,01", amountErrorMessages.tooLarge],
    ["99999999999999999999999,00", amountErrorMessages.tooLarge],
  ])("rejects %j with its reason", (text, error) => {
    expect(parseReaisToCents(text)).toEqual({ ok: false, error });
  });

  it("never goes through a float: amounts that floats get wrong are exact", () => {
    expect(parseReaisToCents("0,29")).toEqual({ ok: true, cents: 29 }); // 0.29 * 100 = 28.999999999999996
    expect(parseReaisToCents("1.005,57")).toEqual({ ok: true, cents: 100557 }); // 1005.57 * 100 = 100556.99999999999
  });

  it("round-trips: formatting any valid amount and parsing it back gives the same cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: maxAmountInCents }), (cents) => {
        expect(parseReaisToCents(formatReaisInput(cents))).toEqual({ ok: true, cents });
      }),
    );
  });
});

describe("parseReaisToCents with bounds (a balance: lib/schemas/opening-balance.ts)", () => {
  const balance = { allowZero: true, maxCents: 10_000_000_000_000, tooLarge: "too-large" };

  it("takes zero and amounts past a payment's cap, up to its own maximum, in the same format", () => {
    expect(parseReaisToCents("0", balance)).toEqual({ ok: true, cents: 0 });
    expect(parseReaisToCents("0,00", balance)).toEqual({ ok: true, cents: 0 });
    expect(parseReaisToCents("12.345.678,90", balance)).toEqual({ ok: true, cents: 1_234_567_890 });
    expect(parseReaisToCents("100.000.000.000,00", balance)).toEqual({ ok: true, cents: 10_000_000_000_000 });
    expect(parseReaisToCents("100.000.000.000,01", balance)).toEqual({ ok: false, error: "too-large" });
    expect(parseReaisToCents("9".repeat(40), balance)).toEqual({ ok: false, error: "too-large" });
  });

  it("refuses what a payment's field refuses, with the same reasons", () => {
    expect(parseReaisToCents("-1", balance)).toEqual({ ok: false, error: amountErrorMessages.negative });
    expect(parseReaisToCents("10.50", balance)).toEqual({ ok: false, error: amountErrorMessages.dotAsDecimal });
    expect(parseReaisToCents("1,234", balance)).toEqual({ ok: false, error: amountErrorMessages.tooManyDecimals });
    expect(parseReaisToCents("", balance)).toEqual({ ok: false, error: amountErrorMessages.empty });
  });

  it("leaves a payment's bounds as they were: zero and more than R$ 1.000.000,00 refused", () => {
    expect(parseReaisToCents("0")).toEqual({ ok: false, error: amountErrorMessages.zero });
    expect(parseReaisToCents("1.000.000,01")).toEqual({ ok: false, error: amountErrorMessages.tooLarge });
  });
});

describe("amountInReaisSchema", () => {
  it("parses the text into cents", () => {
    expect(amountInReaisSchema.parse("1.234,56")).toBe(123456);
  });

  it("reports the parser's message", () => {
    const result = amountInReaisSchema.safeParse("0,00");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([amountErrorMessages.zero]);
  });

  it("rejects a missing value with the empty message", () => {
    expect(amountInReaisSchema.safeParse(undefined).error?.issues[0]?.message).toBe(amountErrorMessages.empty);
  });
});

describe("formatReaisInput", () => {
  it.each([
    [1, "0,01"],
    [50, "0,50"],
    [1000, "10,00"],
    [123456, "1.234,56"],
    [100_000_000, "1.000.000,00"],
  ])("writes %i cents as %s", (cents, text) => {
    expect(formatReaisInput(cents)).toBe(text);
  });

  it("refuses a non-integer amount", () => {
    expect(() => formatReaisInput(10.5)).toThrow(TypeError);
  });
});

describe("amountInWords", () => {
  it.each([
    [123456, "one thousand two hundred thirty-four reais and fifty-six centavos"],
    [100, "one real"],
    [1, "one centavo"],
    [50, "fifty centavos"],
    [101, "one real and one centavo"],
    [1_000_000_00, "one million reais"],
    [2_000_015, "twenty thousand reais and fifteen centavos"],
    [71_119_00, "seventy-one thousand one hundred nineteen reais"],
  ])("in English, %i cents reads %j", (cents, words) => {
    expect(amountInWords(cents, "en")).toBe(words);
  });

  it.each([
    [123456, "mil duzentos e trinta e quatro reais e cinquenta e seis centavos"],
    [100, "um real"],
    [1, "um centavo"],
    [50, "cinquenta centavos"],
    [1_000_000_00, "um milhão de reais"],
    [1_000_001_00, "um milhão e um reais"],
    [2_000_015, "vinte mil reais e quinze centavos"],
  ])("in Portuguese, %i cents reads %j", (cents, words) => {
    expect(amountInWords(cents, "pt-BR")).toBe(words);
  });
});
