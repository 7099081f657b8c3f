// PIX destination keys for cash-out, validated and normalised per type (the API's EMAIL, PHONE,
// DOCUMENT, RANDOM) as the DICT defines them (the label, placeholder and hint each type shows are in
// lib/vocabulary/pix-key-types.ts: the form shows them without loading this validation).
// The operator chooses the type; the key is then judged only as that type (never guessed).
import { getPixKeyInfo } from "@brazilian-utils/brazilian-utils/get-pix-key-info";
import { isValidPixKey } from "@brazilian-utils/brazilian-utils/is-valid-pix-key";
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";
import { documentErrorMessages, validateDocument } from "@/lib/schemas/brazilian-documents";
import { normaliseBrazilianMobile, phoneErrorMessages } from "@/lib/schemas/phone";
import { type PixKeyType, pixKeyTypeValues } from "@/lib/vocabulary/pix-key-types";

/** PIX (DICT) limit for an e-mail key. */
export const maxEmailKeyLength = 77;

/** Encoded message keys (lib/i18n/message.ts), translated where they are shown. */
export const pixKeyErrorMessages = {
  chooseType: msg("errors.pixKey.chooseType"),
  emailEmpty: msg("errors.pixKey.emailEmpty"),
  emailTooLong: msg("errors.pixKey.emailTooLong", { max: maxEmailKeyLength }),
  emailInvalid: msg("errors.pixKey.emailInvalid"),
  randomEmpty: msg("errors.pixKey.randomEmpty"),
  randomInvalid: msg("errors.pixKey.randomInvalid"),
  keyMissing: msg("errors.pixKey.keyMissing"),
  keyTooLong: msg("errors.pixKey.keyTooLong"),
} as const;

export type PixKeyResult = { ok: true; key: string } | { ok: false; error: string };

/**
 * The DICT's own pattern for an e-mail key (API-DICT, key type EMAIL; the WHATWG "valid e-mail
 * address" production), at most 77 characters. It accepts `a{b}@example.com`, `.ab@example.com`
 * and `a@localhost`, which the DICT registers; @brazilian-utils' `isValidPixKey` (2.4.0) narrows
 * e-mails further (its `isValidEmail` rule) and would refuse keys that exist, so e-mail keys alone
 * are judged by the DICT pattern. Every other type is judged by the library.
 */
export const dictEmailKeyPattern =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

function normaliseEmailKey(text: string): PixKeyResult {
  const key = text.trim().toLowerCase();
  if (key === "") return { ok: false, error: pixKeyErrorMessages.emailEmpty };
  if (key.length > maxEmailKeyLength) return { ok: false, error: pixKeyErrorMessages.emailTooLong };
  return dictEmailKeyPattern.test(key) ? { ok: true, key } : { ok: false, error: pixKeyErrorMessages.emailInvalid };
}

function normaliseRandomKey(text: string): PixKeyResult {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, error: pixKeyErrorMessages.randomEmpty };
  const info = getPixKeyInfo(trimmed);
  return info?.type === "evp" ? { ok: true, key: info.value } : { ok: false, error: pixKeyErrorMessages.randomInvalid };
}

/** Validates a key for its type and returns it exactly as the wallet should receive it. */
export function normalisePixKey(type: PixKeyType, text: string): PixKeyResult {
  if (text.length > 200) return { ok: false, error: pixKeyErrorMessages.keyTooLong };
  switch (type) {
    case "EMAIL":
      return normaliseEmailKey(text);
    case "PHONE": {
      // Our own checks first, for a message that says what is wrong (landline, foreign, DDD)...
      const result = normaliseBrazilianMobile(text);
      if (!result.ok) return result;
      // ...then the library's DICT rule (a mobile number, +55 E.164) has the last word.
      return isValidPixKey(result.e164, { accept: ["phone"] })
        ? { ok: true, key: result.e164 }
        : { ok: false, error: phoneErrorMessages.notMobile };
    }
    case "DOCUMENT": {
      const result = validateDocument(text);
      if (!result.ok) return result;
      return isValidPixKey(result.value, { accept: ["cpf", "cnpj"] })
        ? { ok: true, key: result.value }
        : { ok: false, error: result.kind === "CPF" ? documentErrorMessages.cpfCheckDigits : documentErrorMessages.cnpjCheckDigits };
    }
    case "RANDOM":
      return normaliseRandomKey(text);
  }
}

export const pixKeyTypeSchema = z.enum(pixKeyTypeValues, { error: pixKeyErrorMessages.chooseType });

/** The type selector and key input together; a bad key is reported on `key` with its type's own message. */
export const pixKeySchema = z.pipe(
  z.object({ type: pixKeyTypeSchema, key: z.string({ error: pixKeyErrorMessages.keyMissing }) }),
  z.transform(({ type, key }: { type: PixKeyType; key: string }, context) => {
    const result = normalisePixKey(type, key);
    return result.ok ? { type, key: result.key } : z.refuse(context, result.error, key, ["key"]);
  }),
);
