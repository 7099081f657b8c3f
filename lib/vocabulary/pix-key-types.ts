// The PIX destination key types the wallet API accepts for a cash-out, with the label, placeholder
// and hint each type shows. Validation is in lib/schemas/pix-key.ts (zod): the cash-out form's
// first load shows these texts and loads the validation once the operator starts on it.
import type { Locale } from "@/lib/i18n/messages";

export const pixKeyTypeValues = ["EMAIL", "PHONE", "DOCUMENT", "RANDOM"] as const;
export type PixKeyType = (typeof pixKeyTypeValues)[number];

export type PixKeyTypeText = { label: string; placeholder: string; hint: string };

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
