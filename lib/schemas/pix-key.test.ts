import { describe, expect, it } from "vitest";
import { documentErrorMessages } from "@/lib/schemas/brazilian-documents";
import { phoneErrorMessages } from "@/lib/schemas/phone";
import { normalisePixKey, pixKeyErrorMessages, pixKeySchema } from "@/lib/schemas/pix-key";
import { pixKeyTypes } from "@/lib/vocabulary/pix-key-types";
import { type PixKeyType, pixKeyTypeValues } from "@/lib/vocabulary/pix-key-types";

describe("normalisePixKey", () => {
  it.each<[PixKeyType, string, string]>([
    ["EMAIL", "Maria.Silva@Empresa.com.br", "maria.silva@empresa.com.br"],
    ["EMAIL", "  pagamentos@loja.com  ", "pagamentos@loja.com"],
    ["EMAIL", `${"a".repeat(65)}@empresa.com`, `${"a".repeat(65)}@empresa.com`], // exactly 77 characters
    ["PHONE", "(11) 98765-4321", "+5511987654321"],
    ["PHONE", "11987654321", "+5511987654321"],
    ["PHONE", "+55 11 98765-4321", "+5511987654321"],
    ["PHONE", "+5521998765432", "+5521998765432"],
    ["DOCUMENT", "529.982.247-25", "52998224725"],
    ["DOCUMENT", "11.222.333/0001-81", "11222333000181"],
    ["DOCUMENT", "12.abc.345/01de-35", "12ABC34501DE35"],
    ["RANDOM", "123e4567-e89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-426614174000"],
    ["RANDOM", " 71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D ", "71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d"],
  ])("%s %j is sent as %j", (type, text, key) => {
    expect(normalisePixKey(type, text)).toEqual({ ok: true, key });
  });

  it.each<[PixKeyType, string, string]>([
    ["EMAIL", "", pixKeyErrorMessages.emailEmpty],
    ["EMAIL", "maria.silva", pixKeyErrorMessages.emailInvalid],
    ["EMAIL", "maria silva@empresa.com", pixKeyErrorMessages.emailInvalid],
    ["EMAIL", `${"a".repeat(66)}@empresa.com`, pixKeyErrorMessages.emailTooLong], // 78 characters
    ["PHONE", "", phoneErrorMessages.empty],
    ["PHONE", "98765-4321", phoneErrorMessages.wrongLength],
    ["PHONE", "(11) 3456-7890", phoneErrorMessages.wrongLength],
    ["PHONE", "(11) 88765-4321", phoneErrorMessages.notMobile],
    ["PHONE", "(20) 98765-4321", phoneErrorMessages.unknownAreaCode],
    ["PHONE", "+1 415 555 2671", phoneErrorMessages.foreignNumber],
    ["PHONE", "maria@empresa.com", phoneErrorMessages.invalidCharacters],
    ["DOCUMENT", "", documentErrorMessages.empty],
    ["DOCUMENT", "529.982.247-26", documentErrorMessages.cpfCheckDigits],
    ["DOCUMENT", "11.222.333/0001-82", documentErrorMessages.cnpjCheckDigits],
    ["DOCUMENT", "123456", documentErrorMessages.wrongLength],
    ["RANDOM", "", pixKeyErrorMessages.randomEmpty],
    ["RANDOM", "123e4567e89b12d3a456426614174000", pixKeyErrorMessages.randomInvalid],
    ["RANDOM", "123e4567-e89b-12d3-a456-42661417400", pixKeyErrorMessages.randomInvalid],
    ["RANDOM", "123e4567-e89b-12d3-a456-42661417400g", pixKeyErrorMessages.randomInvalid],
    ["RANDOM", "maria@empresa.com", pixKeyErrorMessages.randomInvalid],
  ])("%s %j is refused with that type's message", (type, text, error) => {
    expect(normalisePixKey(type, text)).toEqual({ ok: false, error });
  });

  it("refuses absurdly long input before looking at it", () => {
    expect(normalisePixKey("EMAIL", `${"a".repeat(300)}@x.com`)).toEqual({ ok: false, error: pixKeyErrorMessages.keyTooLong });
  });
});

// Issue #16 item 12: keys as the DICT defines them. E-mail keys follow the DICT's own pattern
// (which registers these); the other types are judged by @brazilian-utils' isValidPixKey, with
// vectors from its documentation (getPixKeyInfo/isValidPixKey examples, the alphanumeric CNPJ).
describe("normalisePixKey: the DICT's key formats", () => {
  it.each(["a{b}@example.com", ".ab@example.com", "a@localhost", "maria@empresa", "fulano@example.com", "Fulano@Example.COM "])(
    "accepts the e-mail key %j, as the DICT does",
    (text) => {
      expect(normalisePixKey("EMAIL", text)).toEqual({ ok: true, key: text.trim().toLowerCase() });
    },
  );

  it.each(["invalid.email", "a b@example.com", "@example.com", "a@", "a@-example.com", "a@example-.com", "not a key"])(
    "refuses the e-mail key %j",
    (text) => {
      expect(normalisePixKey("EMAIL", text)).toEqual({ ok: false, error: pixKeyErrorMessages.emailInvalid });
    },
  );

  it("refuses a landline as a phone key (the DICT registers mobile numbers only)", () => {
    expect(normalisePixKey("PHONE", "(11) 3456-7890").ok).toBe(false);
    expect(normalisePixKey("PHONE", "+551134567890").ok).toBe(false);
  });

  it.each([
    ["DOCUMENT", "123.456.789-09", "12345678909"],
    ["DOCUMENT", "12.ABC.345/01DE-35", "12ABC34501DE35"],
    ["DOCUMENT", "12ABC34501DE35", "12ABC34501DE35"],
    ["PHONE", "(11) 98765-4321", "+5511987654321"],
    ["PHONE", "+5551998259765", "+5551998259765"],
    ["PHONE", "51998259765", "+5551998259765"],
    ["RANDOM", "71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D", "71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d"],
    ["RANDOM", "123e4567-e12b-12d1-a456-426655440000", "123e4567-e12b-12d1-a456-426655440000"],
  ] as const)("%s %j is the library's key %j", (type, text, key) => {
    expect(normalisePixKey(type, text)).toEqual({ ok: true, key });
  });

  it("keeps the explicit type: a valid CPF is not a valid e-mail or random key", () => {
    expect(normalisePixKey("EMAIL", "123.456.789-09").ok).toBe(false);
    expect(normalisePixKey("RANDOM", "123.456.789-09").ok).toBe(false);
  });
});

describe("pixKeySchema", () => {
  it("outputs the type and the normalised key", () => {
    expect(pixKeySchema.parse({ type: "PHONE", key: "(11) 98765-4321" })).toEqual({ type: "PHONE", key: "+5511987654321" });
  });

  it("puts a bad key's message on the key field", () => {
    const issues = pixKeySchema.safeParse({ type: "RANDOM", key: "not-a-uuid" }).error?.issues;
    expect(issues).toEqual([expect.objectContaining({ path: ["key"], message: pixKeyErrorMessages.randomInvalid })]);
  });

  it("validates the same key differently when the type changes", () => {
    expect(pixKeySchema.safeParse({ type: "DOCUMENT", key: "12345678909" }).success).toBe(true);
    expect(pixKeySchema.safeParse({ type: "PHONE", key: "12345678909" }).error?.issues[0]?.message).toBe(phoneErrorMessages.notMobile);
  });

  it("asks for a type when none is chosen", () => {
    const issues = pixKeySchema.safeParse({ type: "", key: "a@b.com" }).error?.issues;
    expect(issues).toEqual([expect.objectContaining({ path: ["type"], message: pixKeyErrorMessages.chooseType })]);
  });
});

describe("pixKeyTypes", () => {
  it("has a label, placeholder and hint for every type in both languages", () => {
    for (const type of pixKeyTypeValues) {
      for (const locale of ["en", "pt-BR"] as const) {
        const text = pixKeyTypes[type][locale];
        expect(text.label && text.placeholder && text.hint, `${type} ${locale}`).toBeTruthy();
      }
    }
  });

  it("shows placeholders that are themselves valid keys", () => {
    for (const type of pixKeyTypeValues) {
      const example = pixKeyTypes[type].en.placeholder.split(" or ")[0]!;
      expect(normalisePixKey(type, example).ok, `${type} ${example}`).toBe(true);
    }
  });
});
