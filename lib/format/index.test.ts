import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDocument, formatMoney, formatPhone, formatPixKey, formatTime } from "@/lib/format";

describe("formatDocument", () => {
  it("masks a CPF and a CNPJ, numeric or alphanumeric", () => {
    expect(formatDocument("52998224725")).toBe("529.982.247-25");
    expect(formatDocument("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatDocument("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
  });
  it("leaves anything else as it is", () => {
    expect(formatDocument("123")).toBe("123");
  });
});

describe("formatPhone", () => {
  it("shows an E.164 mobile and landline the Brazilian way", () => {
    expect(formatPhone("+5511987654321")).toBe("+55 11 98765-4321");
    expect(formatPhone("+551130000000")).toBe("+55 11 3000-0000");
  });
  it("masks a number without country code", () => {
    expect(formatPhone("11987654321")).toBe("(11) 98765-4321");
  });
  it("leaves an unrecognised value as it is", () => {
    expect(formatPhone("+1 555 0100")).toBe("+1 555 0100");
  });
});

describe("formatPixKey", () => {
  it("masks document and phone keys only", () => {
    expect(formatPixKey("cpf", "52998224725")).toBe("529.982.247-25");
    expect(formatPixKey("PHONE", "+5511987654321")).toBe("+55 11 98765-4321");
    expect(formatPixKey("email", "ana@example.com")).toBe("ana@example.com");
  });
});

describe("dates in São Paulo time", () => {
  // 10:34 UTC is 07:34 in São Paulo (UTC−3).
  const instant = new Date("2026-11-22T10:34:05Z");
  it("pt-BR: 22/11/2026 07:34", () => {
    expect(formatDateTime("pt-BR", instant)).toBe("22/11/2026 07:34");
    expect(formatDate("pt-BR", instant)).toBe("22/11/2026");
  });
  it("English: 22 Nov 2026, 07:34", () => {
    expect(formatDateTime("en", instant)).toBe("22 Nov 2026, 07:34");
    expect(formatDateTime("en", instant, { seconds: true })).toBe("22 Nov 2026, 07:34:05");
    expect(formatDate("en", "2026-09-02T12:00:00Z")).toBe("2 Sep 2026");
  });
  it("the São Paulo day, not the UTC one, near midnight", () => {
    expect(formatDate("pt-BR", "2026-11-23T01:30:00Z")).toBe("22/11/2026");
    expect(formatTime("2026-11-23T01:30:00Z")).toBe("22:30");
  });
  it("refuses a value that is not a date", () => {
    expect(() => formatDateTime("en", "nope")).toThrow(RangeError);
  });
});

describe("formatMoney", () => {
  it("is R$ with Brazilian separators", () => {
    expect(formatMoney(123456).replace(/\s/g, " ")).toBe("R$ 1.234,56");
  });
});
