import { describe, expect, it } from "vitest";
import { normaliseBrazilianMobile, optionalPayerPhoneSchema, phoneErrorMessages } from "@/lib/schemas/phone";

describe("normaliseBrazilianMobile", () => {
  it.each([
    ["(11) 98765-4321", "+5511987654321"],
    ["11987654321", "+5511987654321"],
    ["11 98765 4321", "+5511987654321"],
    ["+55 11 98765-4321", "+5511987654321"],
    ["+55 (11) 98765-4321", "+5511987654321"],
    ["5511987654321", "+5511987654321"],
    ["005511987654321", "+5511987654321"],
    ["(55) 98765-4321", "+5555987654321"], // DDD 55 (Rio Grande do Sul) is not a country code here
  ])("reads %j as %s", (text, e164) => {
    expect(normaliseBrazilianMobile(text)).toEqual({ ok: true, e164 });
  });

  it.each([
    ["", phoneErrorMessages.empty],
    ["11 98765-432a", phoneErrorMessages.invalidCharacters],
    ["+1 (415) 555-2671", phoneErrorMessages.foreignNumber],
    ["+351 912 345 678", phoneErrorMessages.foreignNumber],
    ["98765-4321", phoneErrorMessages.wrongLength],
    ["(11) 3456-7890", phoneErrorMessages.wrongLength],
    ["+55 11 98765-43210", phoneErrorMessages.wrongLength],
    ["(11) 78765-4321", phoneErrorMessages.notMobile],
    ["(10) 98765-4321", phoneErrorMessages.unknownAreaCode],
  ])("rejects %j", (text, error) => {
    expect(normaliseBrazilianMobile(text)).toEqual({ ok: false, error });
  });
});

describe("optionalPayerPhoneSchema", () => {
  it("treats an empty or missing phone as not given", () => {
    expect(optionalPayerPhoneSchema.parse("")).toBeUndefined();
    expect(optionalPayerPhoneSchema.parse("   ")).toBeUndefined();
    expect(optionalPayerPhoneSchema.parse(undefined)).toBeUndefined();
  });

  it("normalises a given phone to +55 E.164", () => {
    expect(optionalPayerPhoneSchema.parse("(21) 99876-5432")).toBe("+5521998765432");
  });

  it("reports an invalid phone", () => {
    expect(optionalPayerPhoneSchema.safeParse("1234").error?.issues[0]?.message).toBe(phoneErrorMessages.wrongLength);
  });
});
