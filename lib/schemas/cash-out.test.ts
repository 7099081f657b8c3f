import { describe, expect, it } from "vitest";
import { documentErrorMessages } from "@/lib/schemas/brazilian-documents";
import { cashOutErrorMessages, cashOutFormSchema, type CashOutFormInput } from "@/lib/schemas/cash-out";
import { metadataErrorMessages } from "@/lib/schemas/metadata";
import { amountErrorMessages } from "@/lib/schemas/money";
import { phoneErrorMessages } from "@/lib/schemas/phone";
import { pixKeyErrorMessages } from "@/lib/schemas/pix-key";
import type { PixKeyType } from "@/lib/vocabulary/pix-key-types";

const idempotencyKey = "3f0f7a52-5a3b-4f4e-9d62-3b0b5a8f1c11";

function formInput(overrides: Partial<CashOutFormInput> = {}): CashOutFormInput {
  return {
    idempotencyKey,
    amount: "1.234,56",
    pixKey: { type: "EMAIL", key: "maria@empresa.com" },
    metadata: [],
    externalReference: "",
    ...overrides,
  };
}

/** Every issue as "path: message", so a test shows which field carries which message. */
function issuesOf(input: unknown): string[] {
  return cashOutFormSchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];
}

describe("cashOutFormSchema: a valid key of each type is sent normalised", () => {
  it.each<[PixKeyType, string, string]>([
    ["EMAIL", "  Maria.Silva@Empresa.COM.br ", "maria.silva@empresa.com.br"],
    ["PHONE", "(11) 98765-4321", "+5511987654321"],
    ["PHONE", "11987654321", "+5511987654321"],
    ["PHONE", "+55 21 99876-5432", "+5521998765432"],
    ["DOCUMENT", "529.982.247-25", "52998224725"],
    ["DOCUMENT", "11.222.333/0001-81", "11222333000181"],
    ["DOCUMENT", "12.abc.345/01de-35", "12ABC34501DE35"], // the alphanumeric CNPJ
    ["RANDOM", "71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D", "71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d"],
  ])("%s %j → %j", (type, typed, sent) => {
    const parsed = cashOutFormSchema.parse(formInput({ pixKey: { type, key: typed } }));
    expect(parsed.pixKey).toEqual({ type, key: sent });
  });
});

describe("cashOutFormSchema: an invalid key shows its own type's message on the key field", () => {
  it.each<[PixKeyType, string, string]>([
    ["EMAIL", "maria.empresa.com", pixKeyErrorMessages.emailInvalid],
    ["EMAIL", `${"a".repeat(66)}@empresa.com`, pixKeyErrorMessages.emailTooLong],
    ["EMAIL", "", pixKeyErrorMessages.emailEmpty],
    ["PHONE", "(11) 3456-7890", phoneErrorMessages.wrongLength],
    ["PHONE", "(11) 88765-4321", phoneErrorMessages.notMobile],
    ["PHONE", "+1 415 555 2671", phoneErrorMessages.foreignNumber],
    ["DOCUMENT", "529.982.247-26", documentErrorMessages.cpfCheckDigits],
    ["DOCUMENT", "11.222.333/0001-82", documentErrorMessages.cnpjCheckDigits],
    ["DOCUMENT", "12345", documentErrorMessages.wrongLength],
    ["RANDOM", "123e4567e89b12d3a456426614174000", pixKeyErrorMessages.randomInvalid],
    ["RANDOM", "", pixKeyErrorMessages.randomEmpty],
  ])("%s %j → %j", (type, typed, message) => {
    expect(issuesOf(formInput({ pixKey: { type, key: typed } }))).toEqual([`pixKey.key: ${message}`]);
  });

  it("asks for a key type when none is chosen, on the type field", () => {
    expect(issuesOf(formInput({ pixKey: { type: undefined as never, key: "maria@empresa.com" } }))).toEqual([
      `pixKey.type: ${pixKeyErrorMessages.chooseType}`,
    ]);
  });
});

describe("cashOutFormSchema: switching the key type re-judges the same key", () => {
  it("accepts a phone typed for PHONE and refuses it for every other type", () => {
    const key = "(11) 98765-4321";
    expect(cashOutFormSchema.safeParse(formInput({ pixKey: { type: "PHONE", key } })).success).toBe(true);
    expect(issuesOf(formInput({ pixKey: { type: "EMAIL", key } }))).toEqual([`pixKey.key: ${pixKeyErrorMessages.emailInvalid}`]);
    expect(issuesOf(formInput({ pixKey: { type: "DOCUMENT", key } }))).toEqual([`pixKey.key: ${documentErrorMessages.invalidCharacters}`]);
    expect(issuesOf(formInput({ pixKey: { type: "RANDOM", key } }))).toEqual([`pixKey.key: ${pixKeyErrorMessages.randomInvalid}`]);
  });

  it("sends a CPF as a document but refuses the same digits as a phone", () => {
    expect(cashOutFormSchema.parse(formInput({ pixKey: { type: "DOCUMENT", key: "12345678909" } })).pixKey.key).toBe("12345678909");
    expect(issuesOf(formInput({ pixKey: { type: "PHONE", key: "12345678909" } }))).toEqual([`pixKey.key: ${phoneErrorMessages.notMobile}`]);
  });
});

describe("cashOutFormSchema: the rest of the form", () => {
  it("turns the amount into integer cents and keeps optional fields out when blank", () => {
    expect(cashOutFormSchema.parse(formInput())).toEqual({
      idempotencyKey,
      amount: 123_456,
      pixKey: { type: "EMAIL", key: "maria@empresa.com" },
      metadata: {},
      externalReference: undefined,
    });
  });

  it("keeps metadata rows and a trimmed external reference", () => {
    const parsed = cashOutFormSchema.parse(
      formInput({
        metadata: [
          { key: "payout", value: "p-7" },
          { key: "", value: "" },
        ],
        externalReference: "  payout-7 ",
      }),
    );
    expect(parsed.metadata).toEqual({ payout: "p-7" });
    expect(parsed.externalReference).toBe("payout-7");
  });

  it("reports every invalid field at once, each on its own path", () => {
    expect(
      issuesOf({
        idempotencyKey: "not-a-uuid",
        amount: "0",
        pixKey: { type: "RANDOM", key: "nope" },
        metadata: [{ key: "", value: "orphan value" }],
        externalReference: "x".repeat(65),
      }),
    ).toEqual([
      `idempotencyKey: ${cashOutErrorMessages.staleForm}`,
      `amount: ${amountErrorMessages.zero}`,
      `pixKey.key: ${pixKeyErrorMessages.randomInvalid}`,
      `metadata.0.key: ${metadataErrorMessages.keyMissing}`,
      `externalReference: ${cashOutErrorMessages.externalReferenceTooLong}`,
    ]);
  });

  it("refuses an input without an idempotency key, so no submission can skip the duplicate check", () => {
    const { idempotencyKey: _left, ...withoutKey } = formInput();
    expect(issuesOf(withoutKey)).toEqual([`idempotencyKey: ${cashOutErrorMessages.staleForm}`]);
  });
});
