// How personal data is shown where it need not be read in full (lists, receipts, exports, the
// counter display): one masking per kind, shared by every feature so a CPF never looks different on
// two screens. Pure functions, no I/O, safe in the browser.
//
// The CPF mask is the Banco Central's (the one every PIX app shows on a receipt): the first three
// and the last two digits hidden, `***.456.789-**`. A CNPJ identifies a company, not a person (the
// LGPD protects natural persons), and the Banco Central shows it whole, so it is formatted, not masked.

import { normaliseDocument } from "./brazilian-documents";
import type { PixKeyType } from "./pix-key-types";

const hidden = "*";

/** A CPF (11 digits) as the Banco Central masks it: "12345678909" → "***.456.789-**". A CNPJ is
 * formatted whole; anything else is hidden but for its last two characters. */
export function maskDocument(document: string): string {
  const plain = normaliseDocument(document);
  if (/^\d{11}$/.test(plain)) return `***.${plain.slice(3, 6)}.${plain.slice(6, 9)}-**`;
  if (/^[0-9A-Z]{12}\d{2}$/.test(plain)) {
    return `${plain.slice(0, 2)}.${plain.slice(2, 5)}.${plain.slice(5, 8)}/${plain.slice(8, 12)}-${plain.slice(12)}`;
  }
  return maskTail(plain, 2);
}

/** An e-mail with its local part hidden but for the first character: "maria@example.com" →
 * "m****@example.com". The domain stays (it says which provider, not who). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return maskTail(email, 0);
  const local = email.slice(0, at);
  return `${local[0]}${hidden.repeat(Math.max(local.length - 1, 3))}${email.slice(at)}`;
}

/** A phone with every digit hidden but the last four, keeping its shape: "+5511987654321" →
 * "+55 ** *****-4321". */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 8) return maskTail(digits, 0);
  const last = digits.slice(-4);
  const national = digits.startsWith("55") && digits.length >= 12 ? digits.slice(2) : digits;
  const prefix = national === digits ? "" : "+55 ";
  const middle = hidden.repeat(Math.max(national.length - 2 - 4, 4));
  return `${prefix}${hidden.repeat(2)} ${middle}-${last}`;
}

/** A random (EVP) key: the first and last four characters, so an operator can tell two apart. */
export function maskRandomKey(key: string): string {
  if (key.length <= 8) return maskTail(key, 0);
  return `${key.slice(0, 4)}${hidden.repeat(4)}…${key.slice(-4)}`;
}

/** A PIX key masked by its type. */
export function maskPixKey(type: PixKeyType, key: string): string {
  switch (type) {
    case "DOCUMENT":
      return maskDocument(key);
    case "EMAIL":
      return maskEmail(key);
    case "PHONE":
      return maskPhone(key);
    case "RANDOM":
      return maskRandomKey(key);
  }
}

function maskTail(text: string, visible: number): string {
  if (text.length === 0) return "";
  const shown = visible > 0 ? text.slice(-visible) : "";
  return hidden.repeat(Math.max(text.length - shown.length, 3)) + shown;
}

/** The personal fields a ledger row may carry (transactions, payout request items, callback snapshots). */
export type PersonalFields = {
  payerEmail?: string | null;
  payerDocument?: string | null;
  payerPhone?: string | null;
  pixKeyType?: PixKeyType | null;
  pixKey?: string | null;
};

/** A PIX key's type guessed from its shape, for keys stored without one (a payout file's row, an old row). */
export function pixKeyTypeOf(key: string): PixKeyType {
  if (key.includes("@")) return "EMAIL";
  if (/^\+\d{8,15}$/.test(key)) return "PHONE";
  if (/^(\d{11}|[0-9A-Z]{12}\d{2})$/.test(normaliseDocument(key))) return "DOCUMENT";
  return "RANDOM";
}

/**
 * The same row with its e-mail, document, phone and PIX key masked (every other field as it was):
 * what lists, exports, the Overview and live answers hand on. The one place a row is masked, so a
 * new page that shapes its data through it cannot show more than the others.
 */
export function maskPersonalFields<Row extends PersonalFields>(row: Row): Row {
  const masked: Row = { ...row };
  if (row.payerEmail) masked.payerEmail = maskEmail(row.payerEmail);
  if (row.payerDocument) masked.payerDocument = maskDocument(row.payerDocument);
  if (row.payerPhone) masked.payerPhone = maskPhone(row.payerPhone);
  if (row.pixKey) masked.pixKey = maskPixKey(row.pixKeyType ?? pixKeyTypeOf(row.pixKey), row.pixKey);
  return masked;
}

// Free text (a wallet's description, a log line, a callback body) may carry personal data anywhere:
// e-mails, CPFs (formatted or not), and phones (+55 and 10–11 digit national numbers).
// Shared with the anonymisation (lib/personal-data/anonymise.ts), which replaces what these find.
export const emailInText = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// A CPF only where it stands as one: not inside a word, a hex or uuid-like token ("…-a12325701012",
// a request id) or a longer run of digits ("1.234.567.890-12", a 14-digit CNPJ). Before it: no
// letter, digit, underscore or hyphen, nor a digit and a dot; after it: none of those, nor a dot and a digit.
// A CNPJ (a company's, shown whole, above) is never taken for one, formatted or not.
export const cpfInText = /(?<![\w-]|\d\.)\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?![\w-]|[.,]\d)/g;
export const phoneInText = /(?<![\w*])\+55\s?\(?\d{2}\)?\s?9?\d{4}[\s-]?\d{4}(?!\d)/g;

/** Free text with every e-mail, CPF and +55 phone in it masked (the same masks as the fields). */
export function maskPersonalDataInText(text: string): string {
  return text.replace(emailInText, maskEmail).replace(phoneInText, maskPhone).replace(cpfInText, maskDocument);
}

/** Whether free text still holds an e-mail, a CPF or a +55 phone in full (the log scan's and tests' check). */
export function findPersonalDataInText(text: string): string[] {
  return [...text.matchAll(emailInText), ...text.matchAll(cpfInText), ...text.matchAll(phoneInText)].map((match) => match[0]);
}

/** A search term as a record may keep it (the audit log): a term that is one e-mail, CPF or phone
 * gets that kind's mask; anything else (a name, a key, words around a CPF) is hidden but for its
 * first character and its length, up to twelve: "Maria Silva" → "M**********". Never in full. */
export function maskSearchTerm(term: string): string {
  const trimmed = term.trim();
  const found = findPersonalDataInText(trimmed);
  if (found.length === 1 && found[0] === trimmed) return maskPersonalDataInText(trimmed);
  if (trimmed.length === 0) return "";
  return `${trimmed[0]}${hidden.repeat(Math.min(Math.max(trimmed.length - 1, 3), 12))}`;
}
