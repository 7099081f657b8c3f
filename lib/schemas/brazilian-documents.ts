// CPF and CNPJ (including the alphanumeric CNPJ of 2026) as typed by people: normalised, masked
// while typing, and checked by their check digits with @brazilian-utils.
import { formatCnpj } from "@brazilian-utils/brazilian-utils/format-cnpj";
import { isValidCnpj } from "@brazilian-utils/brazilian-utils/is-valid-cnpj";
import { isValidCpf } from "@brazilian-utils/brazilian-utils/is-valid-cpf";
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";
import { normaliseDocument } from "@/lib/vocabulary/brazilian-documents";

export type DocumentKind = "CPF" | "CNPJ";

/** Encoded message keys (lib/i18n/message.ts), translated where they are shown. */
export const documentErrorMessages = {
  empty: msg("errors.document.empty"),
  invalidCharacters: msg("errors.document.invalidCharacters"),
  wrongLength: msg("errors.document.wrongLength"),
  repeatedCharacters: msg("errors.document.repeatedCharacters"),
  cpfCheckDigits: msg("errors.document.cpfCheckDigits"),
  cnpjCheckDigitsNotNumeric: msg("errors.document.cnpjCheckDigitsNotNumeric"),
  cnpjCheckDigits: msg("errors.document.cnpjCheckDigits"),
} as const;

export type DocumentResult = { ok: true; kind: DocumentKind; value: string } | { ok: false; error: string };

/** Validates a CPF or CNPJ and returns it unformatted, the way the wallet receives it. */
export function validateDocument(text: string): DocumentResult {
  const value = normaliseDocument(text);
  if (value === "") return { ok: false, error: documentErrorMessages.empty };
  if (!/^[0-9A-Z]+$/.test(value)) return { ok: false, error: documentErrorMessages.invalidCharacters };
  if (/^\d{11}$/.test(value)) {
    if (/^(\d)\1{10}$/.test(value)) return { ok: false, error: documentErrorMessages.repeatedCharacters };
    return isValidCpf(value) ? { ok: true, kind: "CPF", value } : { ok: false, error: documentErrorMessages.cpfCheckDigits };
  }
  if (value.length === 14) {
    if (/^(\d)\1{13}$/.test(value)) return { ok: false, error: documentErrorMessages.repeatedCharacters };
    if (!/\d{2}$/.test(value)) return { ok: false, error: documentErrorMessages.cnpjCheckDigitsNotNumeric };
    // version 2 accepts both the numeric and the alphanumeric CNPJ.
    return isValidCnpj(value, { version: 2 })
      ? { ok: true, kind: "CNPJ", value }
      : { ok: false, error: documentErrorMessages.cnpjCheckDigits };
  }
  return { ok: false, error: documentErrorMessages.wrongLength };
}

/** A stored (unformatted) CNPJ as printed: "12.ABC.345/01DE-35", the numeric one as "12.345.678/0001-95". */
export function formatCnpjForPrint(cnpj: string): string {
  return formatCnpj(cnpj, { version: 2 });
}

/** A form field holding a CPF or CNPJ; its parsed value is the unformatted, upper-case document. */
export const documentSchema = z.pipe(
  z.string({ error: documentErrorMessages.empty }),
  z.transform((text: string, context) => {
    const result = validateDocument(text);
    return result.ok ? result.value : z.refuse(context, result.error, text);
  }),
);
