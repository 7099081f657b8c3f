// Words that give away the other language (#37): an English word on a pt-BR page, or a Portuguese
// one on an English page, is a leftover. Shared by the unit test over the dictionaries
// (lib/i18n/glossary.test.ts) and the e2e walk over rendered pages (e2e/phone-and-language.spec.ts),
// which leaves out code blocks and values marked translate="no" (JSON keys, ids, people's names).
// Words both languages use as they are (PIX, QR, CSV, status, e-mail, link, webhook, QA, admin) are
// not listed; docs/glossary.md says which Portuguese word stands for each English term.

/** English words that must not appear on a pt-BR page (whole words, case-insensitive). */
export const englishLeftovers = [
  "callback",
  "callbacks",
  "sandbox",
  "cash in",
  "cash-in",
  "cash out",
  "cash-out",
  "settlement",
  "settlements",
  "payout",
  "payouts",
  "ledger",
  "logs",
  "overview",
  "transactions",
  "approvals",
  "counter",
  "counters",
  "expires at",
  "display device",
  "kind",
  "name",
  "line",
  "amount",
  "payer",
  "sign out",
  "the",
  "and",
  "with",
  "from",
  "day",
] as const;

/** Portuguese words that must not appear on an English page. */
export const portugueseLeftovers = [
  "cobrança",
  "cobranças",
  "envio",
  "pagador",
  "valor",
  "dia",
  "transações",
  "aviso",
  "avisos",
  "conciliação",
  "liquidação",
  "caixa",
  "operadores",
  "sair",
  "não",
  "para",
  "uma",
] as const;

/**
 * Portuguese words the glossary replaced (#46): a pt-BR page says "envio PIX", never "saque", for a
 * cash-out (docs/glossary.md).
 */
export const portugueseOffGlossary = ["saque", "saques", "sacar"] as const;

function pattern(words: readonly string[]): RegExp {
  // \p{L} boundaries, since \b does not know accented letters.
  return new RegExp(`(?<![\\p{L}\\p{N}_-])(${words.map((word) => word.replace(/[-\s]/g, "[-\\s]")).join("|")})(?![\\p{L}\\p{N}_-])`, "giu");
}

/** Addresses are data, not words: URLs, paths and e-mail addresses (".../api/callbacks/cash-in", "x@sandbox.example"). */
const addresses = /\b[a-z][a-z0-9+.-]*:\/\/\S+|\S*\/\S+|\S+@\S+/gi;

/** The Portuguese words off the glossary found in pt-BR `text`, lower-cased and without repeats. */
export function offGlossaryIn(text: string): string[] {
  const found = text.replace(addresses, " ").match(pattern(portugueseOffGlossary)) ?? [];
  return [...new Set(found.map((word) => word.toLowerCase()))];
}

/** The leftover words found in `text` for a page in `locale`, lower-cased and without repeats. */
export function leftoversIn(text: string, locale: "en" | "pt-BR"): string[] {
  const found = text.replace(addresses, " ").match(pattern(locale === "pt-BR" ? englishLeftovers : portugueseLeftovers)) ?? [];
  return [...new Set(found.map((word) => word.toLowerCase()))];
}
