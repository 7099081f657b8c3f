// Brazilian identifiers as a strict PIX provider checks them: CPF/CNPJ check digits (alphanumeric
// CNPJ included), PIX keys by type (e-mail, +55 E.164 mobile, document, random key) and phones.
import { isValidCnpj } from "@brazilian-utils/brazilian-utils/is-valid-cnpj";
import { isValidCpf } from "@brazilian-utils/brazilian-utils/is-valid-cpf";
import { isValidPhone } from "@brazilian-utils/brazilian-utils/is-valid-phone";
import { isValidPixKey } from "@brazilian-utils/brazilian-utils/is-valid-pix-key";
import type { PixDestinyType } from "./schema";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const brazilianMobileE164Pattern = /^\+55\d{11}$/;
/**
 * The DICT's pattern for an e-mail key (as the dashboard's lib/schemas/pix-key.ts; the sandbox
 * imports nothing from the app). The library's isValidPixKey narrows e-mails further and would
 * refuse keys the DICT registers (a{b}@example.com, .ab@example.com, a@localhost).
 */
const dictEmailKeyPattern =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const e164Pattern = /^\+[1-9]\d{7,14}$/;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/** CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric), with or without the usual mask. */
export function isValidDocument(value: string): boolean {
  return isValidCpf(value) || isValidCnpj(value, { version: 2 });
}

/** An international number in E.164 form; Brazilian (+55) numbers must also be valid Brazilian phones. */
export function isValidInternationalPhone(value: string): boolean {
  if (!e164Pattern.test(value)) return false;
  return value.startsWith("+55") ? isValidPhone(value) : true;
}

const keyRules: Record<PixDestinyType, { isValid: (key: string) => boolean; requirement: string }> = {
  EMAIL: {
    isValid: (key) => key.length <= 77 && dictEmailKeyPattern.test(key.toLowerCase()),
    requirement: "must be a valid e-mail address (at most 77 characters) for pixDestinyType EMAIL",
  },
  PHONE: {
    isValid: (key) => brazilianMobileE164Pattern.test(key) && isValidPixKey(key, { accept: ["phone"] }),
    requirement:
      "must be a Brazilian mobile number in E.164 form, +55 then area code and number (such as +5511987654321), for pixDestinyType PHONE",
  },
  DOCUMENT: {
    isValid: (key) => isValidPixKey(key, { accept: ["cpf", "cnpj"] }),
    requirement: "must be a CPF or CNPJ with valid check digits for pixDestinyType DOCUMENT",
  },
  RANDOM: {
    isValid: (key) => isValidPixKey(key, { accept: ["evp"] }),
    requirement: "must be a random key, a UUID such as 123e4567-e89b-42d3-a456-426614174000, for pixDestinyType RANDOM",
  },
};

/** Undefined when the key is valid for its type, otherwise what it must be. */
export function pixKeyProblem(type: PixDestinyType, key: string): string | undefined {
  const rule = keyRules[type];
  return rule.isValid(key) ? undefined : rule.requirement;
}
