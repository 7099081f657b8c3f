import { describe, expect, it } from "vitest";
import {
  findPersonalDataInText,
  maskDocument,
  maskEmail,
  maskPersonalDataInText,
  maskPersonalFields,
  maskPhone,
  maskPixKey,
  maskRandomKey,
} from "./personal-data-masks";

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

describe("masking whole rows and free text", () => {
  it("masks a row's e-mail, document, phone and PIX key and keeps every other field", () => {
    const row = {
      id: "t1",
      amountCents: 1234,
      payerName: "Maria Souza",
      payerEmail: "maria@example.com",
      payerDocument: "12345678909",
      payerPhone: "+5511987654321",
      pixKeyType: "EMAIL" as const,
      pixKey: "joao@example.com",
    };
    expect(maskPersonalFields(row)).toEqual({
      ...row,
      payerEmail: "m****@example.com",
      payerDocument: "***.456.789-**",
      payerPhone: "+55 ** *****-4321",
      pixKey: "j***@example.com",
    });
    expect(maskPersonalFields({ pixKeyType: null, pixKey: "12345678909", payerEmail: null })).toEqual({
      pixKeyType: null,
      pixKey: "***.456.789-**",
      payerEmail: null,
    });
  });

  it("finds and masks e-mails, CPFs and phones inside free text", () => {
    const text = 'payer {"email":"maria@example.com","document":"123.456.789-09","cpf":"12345678909","phone":"+5511987654321"} id 42';
    expect(findPersonalDataInText(text)).toHaveLength(4);
    const masked = maskPersonalDataInText(text);
    expect(findPersonalDataInText(masked)).toEqual([]);
    expect(masked).toContain("m****@example.com");
    expect(masked).toContain("***.456.789-**");
    expect(masked).toContain("-4321");
    expect(masked).toContain("id 42");
  });

  it("masks a CPF only where it stands as one, never inside an id, a longer number or a CNPJ", () => {
    const ids = [
      "req-7f3a-a12325701012",
      "550e8400-e29b-41d4-a716-446655440000",
      "trace_12345678909",
      "12345678909abc",
      "order 123456789090",
      "1.234.567.890-12",
      "CNPJ 12.345.678/0001-95 and 12345678000195",
      "v2.123.456.789-09",
    ];
    for (const text of ids) {
      expect(maskPersonalDataInText(text), text).toBe(text);
      expect(findPersonalDataInText(text), text).toEqual([]);
    }
    expect(maskPersonalDataInText("CPF 123.456.789-09.")).toBe("CPF ***.456.789-**.");
    expect(maskPersonalDataInText("q=12345678909&x=1")).toBe("q=***.456.789-**&x=1");
    expect(maskPersonalDataInText('"document":"12345678909"')).toBe('"document":"***.456.789-**"');
    expect(maskPersonalDataInText("(123.456.789-09)")).toBe("(***.456.789-**)");
  });
});
