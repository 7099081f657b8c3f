// How a CPF or CNPJ is stored and compared (unformatted) and masked while typed. The validation
// (check digits, messages, zod) is in lib/schemas/brazilian-documents.ts; the ledger's search
// (lib/db) and the forms' input masks need only this.
import { formatCnpj } from "@brazilian-utils/brazilian-utils/format-cnpj";
import { formatCpf } from "@brazilian-utils/brazilian-utils/format-cpf";

/** Strips the mask (dots, dashes, slashes, spaces) and upper-cases letters: "12.abc.345/01de-35" → "12ABC34501DE35". */
export function normaliseDocument(text: string): string {
  return text.replace(/[\s./-]/g, "").toUpperCase();
}

/**
 * The input mask applied while typing: up to 11 digits reads as a CPF ("123.456.789-09"); a 12th
 * character or any letter switches to the CNPJ mask ("12.ABC.345/01DE-35"). Extra characters are dropped.
 */
export function formatDocumentAsTyped(text: string): string {
  const value = normaliseDocument(text)
    .replace(/[^0-9A-Z]/g, "")
    .slice(0, 14);
  if (value === "") return "";
  if (/^\d{1,11}$/.test(value)) return formatCpf(value);
  return formatCnpj(value, { version: 2 });
}
