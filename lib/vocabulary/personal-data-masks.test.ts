import { describe, expect, it } from "vitest";
import { maskDocument, maskEmail, maskPhone, maskPixKey, maskRandomKey } from "./personal-data-masks";

describe("personal data masks", () => {
  it("masks a CPF as the Banco Central does, formatted or not", () => {
    expect(maskDocument("12345678909")).toBe("***.456.789-**");
    expect(maskDocument("123.456.789-09")).toBe("***.456.789-**");
  });

  it("shows a CNPJ whole, numeric or alphanumeric (a company, not a person)", () => {
    expect(maskDocument("11222333000181")).toBe("11.222.333/0001-81");
    expect(maskDocument("12.abc.345/01de-35")).toBe("12.ABC.345/01DE-35");
  });

  it("hides an unknown document but for its last two characters", () => {
    expect(maskDocument("ABC12345")).toBe("******45");
  });

  it("keeps the first character and the domain of an e-mail", () => {
    expect(maskEmail("maria@example.com")).toBe("m****@example.com");
    expect(maskEmail("a@b.co")).toBe("a***@b.co");
    expect(maskEmail("not-an-email")).not.toContain("not");
  });

  it("keeps the last four digits of a phone", () => {
    expect(maskPhone("+5511987654321")).toBe("+55 ** *****-4321");
    expect(maskPhone("11987654321")).toBe("** *****-4321");
    expect(maskPhone("+5511987654321")).not.toContain("98765");
  });

  it("keeps both ends of a random key", () => {
    expect(maskRandomKey("123e4567-e89b-12d3-a456-426614174000")).toBe("123e****…4000");
  });

  it("masks a PIX key by its type", () => {
    expect(maskPixKey("DOCUMENT", "12345678909")).toBe("***.456.789-**");
    expect(maskPixKey("EMAIL", "joao@example.com")).toBe("j***@example.com");
    expect(maskPixKey("PHONE", "+5521912345678")).toBe("+55 ** *****-5678");
    expect(maskPixKey("RANDOM", "123e4567-e89b-12d3-a456-426614174000")).toBe("123e****…4000");
  });
});
