// PIX destination keys for cash-out, validated and normalised per type (the API's EMAIL, PHONE,
// DOCUMENT, RANDOM), with the label, placeholder and hint each type shows in the form.
import { isValidEmail } from "@brazilian-utils/brazilian-utils";
import { z } from "zod";
import type { Locale } from "@/lib/i18n/messages";
import { validateDocument } from "@/lib/schemas/brazilian-documents";
import { normaliseBrazilianMobile } from "@/lib/schemas/phone";

export const pixKeyTypeValues = ["EMAIL", "PHONE", "DOCUMENT", "RANDOM"] as const;
export type PixKeyType = (typeof pixKeyTypeValues)[number];

/** PIX (DICT) limit for an e-mail key. */
export const maxEmailKeyLength = 77;

type PixKeyTypeText = { label: string; placeholder: string; hint: string };

export const pixKeyTypes: Record<PixKeyType, Record<Locale, PixKeyTypeText>> = {
  EMAIL: {
    en: {
      label: "E-mail",
      placeholder: "name@company.com",
      hint: "The e-mail address registered as the recipient's PIX key (at most 77 characters).",
    },
    "pt-BR": {
      label: "E-mail",
      placeholder: "nome@empresa.com.br",
      hint: "O e-mail cadastrado como chave PIX do destinatário (até 77 caracteres).",
    },
  },
  PHONE: {
    en: { label: "Phone", placeholder: "(11) 98765-4321", hint: "A Brazilian mobile number with area code; it is sent as +5511987654321." },
    "pt-BR": { label: "Celular", placeholder: "(11) 98765-4321", hint: "Celular brasileiro com DDD; é enviado como +5511987654321." },
  },
  DOCUMENT: {
    en: {
      label: "CPF/CNPJ",
      placeholder: "123.456.789-09 or 12.ABC.345/01DE-35",
      hint: "CPF (11 digits) or CNPJ (14 characters, letters allowed); sent without dots, dashes or slashes.",
    },
    "pt-BR": {
      label: "CPF/CNPJ",
      placeholder: "123.456.789-09 ou 12.ABC.345/01DE-35",
      hint: "CPF (11 dígitos) ou CNPJ (14 caracteres, letras permitidas); enviado sem pontos, traços ou barras.",
    },
  },
  RANDOM: {
    en: {
      label: "Random key",
      placeholder: "123e4567-e89b-12d3-a456-426614174000",
      hint: "The 36-character random key (UUID) the recipient's bank generated, hyphens included.",
    },
    "pt-BR": {
      label: "Chave aleatória",
      placeholder: "123e4567-e89b-12d3-a456-426614174000",
      hint: "A chave aleatória (UUID) de 36 caracteres gerada pelo banco do destinatário, com os hífens.",
    },
  },
};

export const pixKeyErrorMessages = {
  chooseType: "Choose the PIX key type: E-mail, Phone, CPF/CNPJ or Random key.",
  emailEmpty: "Enter the recipient's e-mail key.",
  emailTooLong: `An e-mail PIX key has at most ${maxEmailKeyLength} characters.`,
  emailInvalid: "Enter a valid e-mail address, like name@company.com.",
  randomEmpty: "Enter the recipient's random key.",
  randomInvalid: "A random key is a 36-character UUID with hyphens, like 123e4567-e89b-12d3-a456-426614174000.",
  keyMissing: "Enter the PIX key.",
  keyTooLong: "This key is too long for any PIX key type.",
} as const;

export type PixKeyResult = { ok: true; key: string } | { ok: false; error: string };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function normaliseEmailKey(text: string): PixKeyResult {
  const key = text.trim().toLowerCase();
  if (key === "") return { ok: false, error: pixKeyErrorMessages.emailEmpty };
  if (key.length > maxEmailKeyLength) return { ok: false, error: pixKeyErrorMessages.emailTooLong };
  return isValidEmail(key) ? { ok: true, key } : { ok: false, error: pixKeyErrorMessages.emailInvalid };
}

function normaliseRandomKey(text: string): PixKeyResult {
  const key = text.trim().toLowerCase();
  if (key === "") return { ok: false, error: pixKeyErrorMessages.randomEmpty };
  return uuidPattern.test(key) ? { ok: true, key } : { ok: false, error: pixKeyErrorMessages.randomInvalid };
}

/** Validates a key for its type and returns it exactly as the wallet should receive it. */
export function normalisePixKey(type: PixKeyType, text: string): PixKeyResult {
  if (text.length > 200) return { ok: false, error: pixKeyErrorMessages.keyTooLong };
  switch (type) {
    case "EMAIL":
      return normaliseEmailKey(text);
    case "PHONE": {
      const result = normaliseBrazilianMobile(text);
      return result.ok ? { ok: true, key: result.e164 } : result;
    }
    case "DOCUMENT": {
      const result = validateDocument(text);
      return result.ok ? { ok: true, key: result.value } : result;
    }
    case "RANDOM":
      return normaliseRandomKey(text);
  }
}

export const pixKeyTypeSchema = z.enum(pixKeyTypeValues, { error: pixKeyErrorMessages.chooseType });

/** The type selector and key input together; a bad key is reported on `key` with its type's own message. */
export const pixKeySchema = z
  .object({ type: pixKeyTypeSchema, key: z.string({ error: pixKeyErrorMessages.keyMissing }) })
  .transform(({ type, key }, context) => {
    const result = normalisePixKey(type, key);
    if (!result.ok) {
      context.addIssue({ code: "custom", path: ["key"], message: result.error });
      return z.NEVER;
    }
    return { type, key: result.key };
  });
