// How a CPF or CNPJ is stored and compared: unformatted. The validation (check digits, messages)
// is in lib/schemas/brazilian-documents.ts; the ledger's search (lib/db) needs only this.

/** Strips the mask (dots, dashes, slashes, spaces) and upper-cases letters: "12.abc.345/01de-35" → "12ABC34501DE35". */
export function normaliseDocument(text: string): string {
  return text.replace(/[\s./-]/g, "").toUpperCase();
}
