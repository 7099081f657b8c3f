// One place that turns stored values into the text people read, the same on every page:
// CPF/CNPJ and phones with their Brazilian masks, money in R$, dates and times in São Paulo time
// (pt-BR "22/11/2026 07:34", English "22 Nov 2026, 07:34"), counts and percentages in the reader's
// language. Safe to import from client components. Pages and components call these, never Intl or
// toLocale* themselves (a test in lib/format/index.test.ts looks).
import { formatCpf } from "@brazilian-utils/brazilian-utils/format-cpf";
import { formatPhone as maskPhone } from "@brazilian-utils/brazilian-utils/format-phone";
import { saoPauloWallClock } from "@/lib/vocabulary/sao-paulo-dates";

// Money is integer cents everywhere; it becomes text only here, at the edge (R$ for people, decimal
// reais for files, the typed form for fields; lib/format/one-module.test.ts keeps it so). One formatter built
// once (constructing an Intl.NumberFormat costs far more than formatting with it).
const brlFormatter = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** "R$ 1.234,56" from 123456 cents (the Brazilian form in both languages: it is the currency's). */
export function formatBRL(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`Amount must be an integer number of cents, got ${cents}`);
  return brlFormatter.format(cents / 100);
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new TypeError(`Amount must be a non-negative integer number of cents, got ${cents}`);
}

/** Whole reais and the centavos left, by integer arithmetic: 123456 → { reais: 1234, centavos: 56 } (amounts in words). */
export function splitCents(cents: number): { reais: number; centavos: number } {
  assertCents(cents);
  return { reais: Math.trunc(cents / 100), centavos: cents % 100 };
}

/** Integer cents as decimal reais for files (CSV), by integer arithmetic: 123456 → "1234.56" (or "1234,56"). */
export function formatDecimalReais(cents: number, decimal: "." | "," = "."): string {
  const { reais, centavos } = splitCents(cents);
  return `${reais}${decimal}${String(centavos).padStart(2, "0")}`;
}

/** Signed cents as decimal reais for files, money out negative: -150 → "-1.50" (or "-1,50"), 0 → "0.00". */
export function formatSignedDecimalReais(cents: number, decimal: "." | "," = "."): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`Amount must be an integer number of cents, got ${cents}`);
  return `${cents < 0 ? "-" : ""}${formatDecimalReais(Math.abs(cents), decimal)}`;
}

/** Cents as an operator would type them back into a field: 123456 → "1.234,56". */
export function formatReaisInput(cents: number): string {
  const { reais, centavos } = splitCents(cents);
  return `${String(reais).replace(/\B(?=(\d{3})+(?!\d))/g, ".")},${String(centavos).padStart(2, "0")}`;
}

/** Cents as a number of reais for a spreadsheet's number cell (formatted there as money): 123456 → 1234.56. */
export function reaisNumber(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`Amount must be an integer number of cents, got ${cents}`);
  return cents / 100;
}

/** A CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric) with its mask; anything else unchanged. */
export function formatDocument(document: string): string {
  const compact = document.replace(/[.\-/\s]/g, "").toUpperCase();
  if (/^\d{11}$/.test(compact)) return formatCpf(compact);
  // The library's mask drops letters, and CNPJs may be alphanumeric from July 2026: mask by position.
  if (/^[0-9A-Z]{12}\d{2}$/.test(compact)) {
    return `${compact.slice(0, 2)}.${compact.slice(2, 5)}.${compact.slice(5, 8)}/${compact.slice(8, 12)}-${compact.slice(12)}`;
  }
  return document;
}

/** A Brazilian phone, stored in E.164 ("+5511987654321") or as digits, as people write it ("+55 11 98765-4321"). */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (phone.trim().startsWith("+") && digits.startsWith("55") && (digits.length === 12 || digits.length === 13)) {
    return maskPhone(digits, { mask: "international" });
  }
  if (digits.length === 10 || digits.length === 11) return maskPhone(digits, { mask: "nanp" });
  return phone;
}

/** A PIX key as people read it: CPF/CNPJ/phone masked, e-mail and random (EVP) keys as they are. */
export function formatPixKey(keyType: string, key: string): string {
  const type = keyType.toLowerCase();
  if (type === "cpf" || type === "cnpj" || type === "document") return formatDocument(key);
  if (type === "phone") return formatPhone(key);
  return key;
}

type DateInput = Date | string | number;

const englishMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const twoDigits = (value: string | number) => String(value).padStart(2, "0");

type SaoPauloParts = { year: string; month: number; day: string; hour: string; minute: string; second: string };

/** The São Paulo wall-clock fields of an instant, from the one time-zone module (lib/vocabulary/sao-paulo-dates.ts). */
function saoPauloParts(value: DateInput): SaoPauloParts {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  const wall = saoPauloWallClock(date);
  return {
    year: String(wall.getUTCFullYear()),
    month: wall.getUTCMonth() + 1,
    day: String(wall.getUTCDate()),
    hour: twoDigits(wall.getUTCHours()),
    minute: twoDigits(wall.getUTCMinutes()),
    second: twoDigits(wall.getUTCSeconds()),
  };
}

const isPortuguese = (locale: string) => locale.toLowerCase().startsWith("pt");

function dayOf(locale: string, parts: SaoPauloParts): string {
  return isPortuguese(locale)
    ? `${twoDigits(parts.day)}/${twoDigits(parts.month)}/${parts.year}`
    : `${Number(parts.day)} ${englishMonths[parts.month - 1]} ${parts.year}`;
}

/** "22/11/2026" (pt-BR) or "22 Nov 2026" (English), the São Paulo calendar day. */
export function formatDate(locale: string, value: DateInput): string {
  return dayOf(locale, saoPauloParts(value));
}

/** A calendar day already counted in São Paulo ("2026-11-22", as daily totals name it) the way formatDate writes days: "22/11/2026" (pt-BR) or "22 Nov 2026" (English). */
export function formatCalendarDay(locale: string, day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`Not a calendar day: ${day}`);
  return dayOf(locale, { year: match[1]!, month: Number(match[2]), day: match[3]!, hour: "00", minute: "00", second: "00" });
}

/** "22/11/2026 07:34" (pt-BR) or "22 Nov 2026, 07:34" (English), São Paulo time; `seconds` adds ":05". */
export function formatDateTime(locale: string, value: DateInput, options: { seconds?: boolean } = {}): string {
  // One time-zone conversion per value: a page of the list formats 50 of them.
  const parts = saoPauloParts(value);
  const time = `${parts.hour}:${parts.minute}${options.seconds ? `:${parts.second}` : ""}`;
  return isPortuguese(locale) ? `${dayOf(locale, parts)} ${time}` : `${dayOf(locale, parts)}, ${time}`;
}

/** "07:34" São Paulo time (both languages); `seconds` adds ":05". */
export function formatTime(value: DateInput, options: { seconds?: boolean } = {}): string {
  const parts = saoPauloParts(value);
  return `${parts.hour}:${parts.minute}${options.seconds ? `:${parts.second}` : ""}`;
}

// Number formatters are built once per language and option (building one costs ~100× using it, and
// a chart formats a value per bar).
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A count or measure in the reader's language: "1,234" (English), "1.234" (pt-BR); at most `maximumFractionDigits` decimals (default 0). */
export function formatNumber(locale: string, value: number, options: { maximumFractionDigits?: number } = {}): string {
  return numberFormat(locale, { maximumFractionDigits: options.maximumFractionDigits ?? 0 }).format(value);
}

/** A fraction as a percentage with at most one decimal: 0.125 → "12.5%" (English), "12,5%" (pt-BR). */
export function formatPercent(locale: string, fraction: number): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(fraction);
}

const dayMonthFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar day ("2026-11-22", already a São Paulo day) as day and month only: "22/11" (pt-BR), "11/22" (English). */
export function formatDayMonth(locale: string, day: string): string {
  let format = dayMonthFormats.get(locale);
  if (!format) {
    // The day is a date without a time: formatted at UTC midnight, in UTC, it stays that day.
    format = new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", timeZone: "UTC" });
    dayMonthFormats.set(locale, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar month ("2026-11", a São Paulo month as statements name it) in words: "novembro de 2026" (pt-BR), "November 2026" (English). */
export function formatCalendarMonth(locale: string, month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 12) throw new RangeError(`Not a calendar month: ${month}`);
  let format = monthFormats.get(locale);
  if (!format) {
    // The month's first day at UTC midnight, formatted in UTC, stays that month.
    format = new Intl.DateTimeFormat(isPortuguese(locale) ? "pt-BR" : "en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
    monthFormats.set(locale, format);
  }
  return format.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}
