// The one scanner for words that escaped translation (#46), over any text a person reads: the
// dictionaries (lib/i18n/glossary.test.ts), the rendered pages of the e2e suite (e2e/support/
// untranslated-pages.ts, e2e/phone-and-language.spec.ts) and the statement PDF and XLSX and the
// receipt PDF read back (lib/statements/documents-language.integration.test.ts). It finds:
// - a word of the other language or one off the glossary (lib/i18n/glossary-words.ts);
// - a raw code where a label belongs: UPPER_SNAKE (CASH_IN), a wallet or statement state in
//   capitals (PENDING, SUCCEED), snake_case (step_up_required), an event type (charge.paid);
// - an ISO date or month in running text (2026-11-27, 2026-11): people read dd/mm/aaaa or
//   "novembro de 2026", written by lib/format.
// Addresses (URLs, paths, e-mail addresses) are data and are left out; so are code blocks and values
// marked translate="no" on pages (the e2e side leaves them out before calling this).
import { leftoversIn, offGlossaryIn } from "./glossary-words";
import { dictionaries } from "./messages";

/** States the wallet and the statements write in capitals, which a page must show through their labels. */
const capitalCodes = ["PENDING", "SUCCEED", "CANCELED", "FAILED", "UNKNOWN", "SETTLED", "REJECTED"];

const rawCodePatterns: { what: string; pattern: RegExp }[] = [
  { what: "code", pattern: /(?<![\p{L}\p{N}_-])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\p{L}\p{N}_-])/gu },
  { what: "code", pattern: new RegExp(`(?<![\\p{L}\\p{N}_-])(?:${capitalCodes.join("|")})(?![\\p{L}\\p{N}_-])`, "gu") },
  // snake_case words (each part starts with a letter: a platform such as "x86_64" is not a code).
  { what: "code", pattern: /(?<![\p{L}\p{N}_.-])[a-z][a-z0-9]*(?:_[a-z][a-z0-9]*)+(?:\.[a-z_]+)?(?![\p{L}\p{N}_-])/gu },
  {
    what: "code",
    pattern: /(?<![\p{L}\p{N}_.-])(?:charge|cash_out|bulk_batch|alert|endpoint)\.[a-z_]+(?![\p{L}\p{N}_-])/gu,
  },
  { what: "ISO date", pattern: /(?<![\p{N}-])(?:19|20)\d{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?![\p{N}])/gu },
  { what: "ISO month", pattern: /(?<![\p{N}-])(?:19|20)\d{2}-(?:0[1-9]|1[0-2])(?![\p{N}-])/gu },
];

/** Addresses are data, not words: URLs, paths and e-mail addresses. */
const addresses = /\b[a-z][a-z0-9+.-]*:\/\/\S+|\S*\/\S+|\S+@\S+/gi;

function rawTokens(text: string): { what: string; token: string }[] {
  const plain = text.replace(addresses, " ");
  return rawCodePatterns.flatMap(({ what, pattern }) => [...plain.matchAll(pattern)].map((match) => ({ what, token: match[0] })));
}

/**
 * Tokens a message writes the same in both languages on purpose: the names of settings
 * (WALLET_API_BASE_URL), of a file's columns (key_type) and the example of a typed date format.
 * They are read from the dictionaries, so a page that prints one is saying what a message says;
 * lib/i18n/glossary.test.ts lists them, so a new one is a choice someone made.
 */
export const namesKeptAsTheyAre: ReadonlySet<string> = (() => {
  const names = new Set<string>();
  for (const [key, english] of Object.entries(dictionaries.en)) {
    const portuguese = new Set(rawTokens(dictionaries["pt-BR"][key as keyof typeof dictionaries.en]).map(({ token }) => token));
    for (const { token } of rawTokens(english)) if (portuguese.has(token)) names.add(token);
  }
  return names;
})();

/** Raw codes and ISO dates in `text`, each once, as "code CASH_IN" or "ISO date 2026-11-27" (names kept as they are left out). */
export function rawCodesIn(text: string): string[] {
  const found = rawTokens(text)
    .filter(({ token }) => !namesKeptAsTheyAre.has(token))
    .map(({ what, token }) => `${what} ${token}`);
  return [...new Set(found)];
}

/**
 * Everything in `text` that escaped translation for a reader of `locale`: words of the other
 * language, Portuguese words off the glossary (pt-BR), raw codes and ISO dates. Empty when clean.
 */
export function untranslatedIn(text: string, locale: "en" | "pt-BR"): string[] {
  return [
    ...leftoversIn(text, locale).map((word) => `word of the other language "${word}"`),
    ...(locale === "pt-BR" ? offGlossaryIn(text).map((word) => `word off the glossary "${word}"`) : []),
    ...rawCodesIn(text),
  ];
}
