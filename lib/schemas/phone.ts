// Brazilian mobile numbers as people type them, normalised to +55 E.164 ("+5511987654321").
// Shared by the optional cash-in payer phone and the PHONE PIX key.
import { isValidMobilePhone } from "@brazilian-utils/brazilian-utils/is-valid-mobile-phone";
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";

/** Encoded message keys (lib/i18n/message.ts), translated where they are shown. */
export const phoneErrorMessages = {
  empty: msg("errors.phone.empty"),
  invalidCharacters: msg("errors.phone.invalidCharacters"),
  foreignNumber: msg("errors.phone.foreignNumber"),
  wrongLength: msg("errors.phone.wrongLength"),
  notMobile: msg("errors.phone.notMobile"),
  unknownAreaCode: msg("errors.phone.unknownAreaCode"),
} as const;

export type PhoneResult = { ok: true; e164: string } | { ok: false; error: string };

/** Accepts "(11) 98765-4321", "11987654321", "+55 11 98765-4321" or "0055…"; returns "+5511987654321". */
export function normaliseBrazilianMobile(text: string): PhoneResult {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, error: phoneErrorMessages.empty };
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return { ok: false, error: phoneErrorMessages.invalidCharacters };
  let digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) {
    if (!digits.startsWith("55")) return { ok: false, error: phoneErrorMessages.foreignNumber };
    digits = digits.slice(2);
  } else if (digits.length === 15 && digits.startsWith("0055")) {
    digits = digits.slice(4);
  } else if (digits.length === 13 && digits.startsWith("55")) {
    digits = digits.slice(2);
  }
  if (digits.length !== 11) return { ok: false, error: phoneErrorMessages.wrongLength };
  if (digits[2] !== "9") return { ok: false, error: phoneErrorMessages.notMobile };
  // The library knows the list of real area codes (DDD) and the current mobile numbering rule.
  if (!isValidMobilePhone(digits, { version: 2 })) return { ok: false, error: phoneErrorMessages.unknownAreaCode };
  return { ok: true, e164: `+55${digits}` };
}

/** The optional payer phone of a cash-in: empty means "not given"; otherwise a valid mobile in +55 E.164. */
export const optionalPayerPhoneSchema = z.pipe(
  z.optional(z.string()),
  z.transform((text: string | undefined, context) => {
    if (text === undefined || text.trim() === "") return undefined;
    const result = normaliseBrazilianMobile(text);
    return result.ok ? result.e164 : z.refuse(context, result.error, text);
  }),
);
