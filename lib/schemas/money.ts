// Amounts in reais as Brazilians type them ("1.234,56") turned into integer cents, and back.
// Only string and integer arithmetic: a float never touches an amount on its way to the wallet.
import { convertNumberToWords } from "@brazilian-utils/brazilian-utils/convert-number-to-words";
import * as z from "@/lib/schemas/zod";
import { splitCents } from "@/lib/format";
import type { Locale } from "@/lib/i18n/messages";
import { msg } from "@/lib/i18n/message";

/** Largest amount one cash-in or cash-out may carry: R$ 1.000.000,00 (the wallet states no limit). */
export const maxAmountInCents = 100_000_000;

/** Encoded message keys (lib/i18n/message.ts), translated where they are shown. */
export const amountErrorMessages = {
  empty: msg("errors.amount.empty"),
  negative: msg("errors.amount.negative"),
  zero: msg("errors.amount.zero"),
  tooManyDecimals: msg("errors.amount.tooManyDecimals"),
  dotAsDecimal: msg("errors.amount.dotAsDecimal"),
  misplacedThousandsSeparator: msg("errors.amount.misplacedThousandsSeparator"),
  notANumber: msg("errors.amount.notANumber"),
  tooLarge: msg("errors.amount.tooLarge"),
} as const;

export type AmountParseResult = { ok: true; cents: number } | { ok: false; error: string };

const plainInteger = /^\d+$/;
const groupedInteger = /^[1-9]\d{0,2}(\.\d{3})+$/; // "1.234", "12.345.678"; a first group of "0" is a typo
const dotDecimal = /^\d+\.\d{1,2}$/; // "10.50": the English way of writing 10,50

/** What an amount field accepts beyond the format: a payment's by default (more than zero, up to maxAmountInCents). */
export type AmountBounds = {
  /** Zero allowed (a balance), or not (a payment). */
  allowZero?: boolean;
  maxCents?: number;
  /** The message for more than maxCents (the default's names R$ 1.000.000,00). */
  tooLarge?: string;
};

/** Parses "10,50", "1.234,56", "10" or "R$ 0,5" into cents; anything ambiguous is refused with a reason. */
export function parseReaisToCents(text: string, bounds: AmountBounds = {}): AmountParseResult {
  const maxCents = bounds.maxCents ?? maxAmountInCents;
  const tooLarge = bounds.tooLarge ?? amountErrorMessages.tooLarge;
  const trimmed = text.replace(/^\s*(R\$)?[\s\u00a0]*/i, "").trim();
  if (trimmed === "") return { ok: false, error: amountErrorMessages.empty };
  if (trimmed.startsWith("-") || trimmed.startsWith("\u2212")) return { ok: false, error: amountErrorMessages.negative };
  if (/[^\d.,]/.test(trimmed)) return { ok: false, error: amountErrorMessages.notANumber };

  const parts = trimmed.split(",");
  if (parts.length > 2) return { ok: false, error: amountErrorMessages.notANumber };
  const [integerText = "", decimalText] = parts;
  if (decimalText !== undefined) {
    if (decimalText.includes(".")) return { ok: false, error: amountErrorMessages.notANumber };
    if (!plainInteger.test(decimalText)) return { ok: false, error: amountErrorMessages.notANumber };
    if (decimalText.length > 2) return { ok: false, error: amountErrorMessages.tooManyDecimals };
  } else if (dotDecimal.test(integerText)) {
    return { ok: false, error: amountErrorMessages.dotAsDecimal };
  }

  let integerDigits: string;
  if (integerText === "" && decimalText !== undefined)
    integerDigits = "0"; // ",50"
  else if (plainInteger.test(integerText)) integerDigits = integerText;
  else if (groupedInteger.test(integerText)) integerDigits = integerText.replaceAll(".", "");
  else if (/^[\d.]+$/.test(integerText)) return { ok: false, error: amountErrorMessages.misplacedThousandsSeparator };
  else return { ok: false, error: amountErrorMessages.notANumber };

  // Compare lengths before converting, so a 40-digit number never becomes an imprecise Number.
  const significant = integerDigits.replace(/^0+(?=\d)/, "");
  if (significant.length > String(maxCents).length - 2) return { ok: false, error: tooLarge };
  const cents = Number(significant) * 100 + Number((decimalText ?? "").padEnd(2, "0"));
  if (cents === 0 && !bounds.allowZero) return { ok: false, error: amountErrorMessages.zero };
  if (cents > maxCents) return { ok: false, error: tooLarge };
  return { ok: true, cents };
}

/** A form field holding reais as typed; its parsed value is integer cents. */
export const amountInReaisSchema = z.pipe(
  z.string({ error: amountErrorMessages.empty }),
  z.transform((text: string, context) => {
    const result = parseReaisToCents(text);
    return result.ok ? result.cents : z.refuse(context, result.error, text);
  }),
);

const englishOnes = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const englishTens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const englishScales = ["", " thousand", " million", " billion", " trillion"];

function englishBelowThousand(value: number): string {
  const hundreds = Math.trunc(value / 100);
  const rest = value % 100;
  const words: string[] = [];
  if (hundreds > 0) words.push(`${englishOnes[hundreds]} hundred`);
  if (rest >= 20) words.push(englishTens[Math.trunc(rest / 10)]! + (rest % 10 ? `-${englishOnes[rest % 10]}` : ""));
  else if (rest > 0) words.push(englishOnes[rest]!);
  return words.join(" ");
}

function englishNumberWords(value: number): string {
  if (value === 0) return "zero";
  const groups: string[] = [];
  for (let scale = 0, rest = value; rest > 0; scale += 1, rest = Math.trunc(rest / 1000)) {
    if (rest % 1000 > 0) groups.unshift(englishBelowThousand(rest % 1000) + englishScales[scale]);
  }
  return groups.join(" ");
}

/** The amount written out for the cash-out review step, so a misplaced comma is hard to miss. */
export function amountInWords(cents: number, locale: Locale): string {
  const { reais, centavos } = splitCents(cents);
  if (locale === "pt-BR") {
    // "um milhão de reais", "dois milhões de reais": a round million takes "de".
    const reaisNoun = reais === 1 ? "real" : reais >= 1_000_000 && reais % 1_000_000 === 0 ? "de reais" : "reais";
    const reaisPart = `${convertNumberToWords(reais)} ${reaisNoun}`;
    const centavosPart = `${convertNumberToWords(centavos)} ${centavos === 1 ? "centavo" : "centavos"}`;
    if (centavos === 0) return reaisPart;
    return reais === 0 ? centavosPart : `${reaisPart} e ${centavosPart}`;
  }
  const reaisPart = `${englishNumberWords(reais)} ${reais === 1 ? "real" : "reais"}`;
  const centavosPart = `${englishNumberWords(centavos)} ${centavos === 1 ? "centavo" : "centavos"}`;
  if (centavos === 0) return reaisPart;
  return reais === 0 ? centavosPart : `${reaisPart} and ${centavosPart}`;
}
