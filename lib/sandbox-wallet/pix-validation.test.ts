import { describe, expect, it } from "vitest";
import { isValidDocument, isValidInternationalPhone, pixKeyProblem } from "./pix-validation";

describe("documents", () => {
  it.each(["12345678909", "123.456.789-09", "11222333000181", "11.222.333/0001-81", "Q0SLFMBD7VX439", "Q0.SLF.MBD/7VX4-39"])(
    "accepts %s",
    (document) => {
      expect(isValidDocument(document)).toBe(true);
    },
  );
  it.each(["12345678900", "11111111111", "11222333000180", "1234", "abc", ""])("rejects %s", (document) => {
    expect(isValidDocument(document)).toBe(false);
  });
});

describe("payer phone", () => {
  it("accepts E.164 numbers, checking Brazilian ones", () => {
    expect(isValidInternationalPhone("+5511987654321")).toBe(true);
    expect(isValidInternationalPhone("+551133334444")).toBe(true);
    expect(isValidInternationalPhone("+14155550123")).toBe(true);
    expect(isValidInternationalPhone("+5500000000000")).toBe(false);
    expect(isValidInternationalPhone("11987654321")).toBe(false);
    expect(isValidInternationalPhone("+55 11 98765-4321")).toBe(false);
  });
});

describe("PIX keys by type", () => {
  it.each([
    ["EMAIL", "ana@example.com"],
    ["PHONE", "+5511987654321"],
    ["DOCUMENT", "12345678909"],
    ["DOCUMENT", "11.222.333/0001-81"],
    ["RANDOM", "123E4567-E89B-42D3-A456-426614174000"],
  ] as const)("a %s key %s is valid", (type, key) => {
    expect(pixKeyProblem(type, key)).toBeUndefined();
  });

  it.each([
    ["EMAIL", "ana.example.com"],
    ["EMAIL", `${"a".repeat(70)}@example.com`],
    ["PHONE", "11987654321"],
    ["PHONE", "+551133334444"],
    ["DOCUMENT", "ana@example.com"],
    ["RANDOM", "12345678909"],
  ] as const)("a %s key %s is refused with what it must be", (type, key) => {
    expect(pixKeyProblem(type, key)).toMatch(new RegExp(`for pixDestinyType ${type}$`));
  });
});

// Issue #16 item 12: the sandbox judges keys the way the dashboard does (the DICT's formats).
describe("pixKeyProblem: the DICT's key formats", () => {
  it.each(["a{b}@example.com", ".ab@example.com", "a@localhost"])("accepts the e-mail key %j", (key) => {
    expect(pixKeyProblem("EMAIL", key)).toBeUndefined();
  });
  it.each(["invalid.email", "a b@example.com", "@example.com", "a@-example.com"])("refuses the e-mail key %j", (key) => {
    expect(pixKeyProblem("EMAIL", key)).toBeDefined();
  });
  it("refuses a landline as a phone key and accepts a mobile", () => {
    expect(pixKeyProblem("PHONE", "+551134567890")).toBeDefined();
    expect(pixKeyProblem("PHONE", "+5511987654321")).toBeUndefined();
  });
  it("accepts the alphanumeric CNPJ and refuses a wrong check digit", () => {
    expect(pixKeyProblem("DOCUMENT", "12ABC34501DE35")).toBeUndefined();
    expect(pixKeyProblem("DOCUMENT", "12ABC34501DE36")).toBeDefined();
  });
});
