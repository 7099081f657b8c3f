// One language at a time (#37): no pt-BR message carries an English word from the glossary's list
// (callback, sandbox, cash-in…), and no English message a Portuguese one. Cheap: it reads the two
// dictionaries; e2e/phone-and-language.spec.ts does the same over rendered pages, where data and
// code blocks are left out. docs/glossary.md says which Portuguese word stands for each term.
import { describe, expect, it } from "vitest";
import { leftoversIn } from "@/lib/i18n/glossary-words";
import { dictionaries, type MessageKey } from "@/lib/i18n/messages";
import { namesKeptAsTheyAre, rawCodesIn, untranslatedIn } from "@/lib/i18n/untranslated-text";

/** Messages that name a file format's own column names (payout CSV headers are English by design). */
const fileFormatMessages = new Set<MessageKey>(["bulk.format", "errors.payoutCsv.missingColumns", "errors.payoutCsv.unknownColumn"]);

function leftovers(locale: "en" | "pt-BR"): string[] {
  return Object.entries(dictionaries[locale])
    .filter(([key]) => !fileFormatMessages.has(key as MessageKey))
    .flatMap(([key, text]) => {
      // Placeholders ({amount}, {day}) are names for the code, not words for the reader.
      const found = untranslatedIn(text.replace(/\{\w+\}/g, " "), locale);
      return found.length ? [`${key}: ${found.join(", ")} in "${text}"`] : [];
    });
}

describe("glossary: one language per dictionary", () => {
  it("has no English word from the list in a pt-BR message", () => {
    expect(leftovers("pt-BR")).toEqual([]);
  });

  it("has no Portuguese word from the list in an English message", () => {
    expect(leftovers("en")).toEqual([]);
  });

  it("finds the words it looks for (so a green run means something)", () => {
    expect(leftoversIn("Logs de callback do sandbox", "pt-BR")).toEqual(["logs", "callback", "sandbox"]);
    expect(leftoversIn("Cobrança (cash in)", "pt-BR")).toEqual(["cash in"]);
    expect(leftoversIn("Open the charge and its Cobrança", "en")).toEqual(["cobrança"]);
    // Parts of longer words and header names do not count.
    expect(leftoversIn("X-Callback-Log-Id, callbackUrl", "pt-BR")).toEqual([]);
    // Nor do addresses: URLs, paths and e-mail addresses are data.
    expect(leftoversIn("https://loja.example/api/callbacks/cash-in, falha@sandbox.example", "pt-BR")).toEqual([]);
  });

  it("finds the glossary's replaced words, raw codes and ISO dates (#46)", () => {
    expect(untranslatedIn("Um saque falhou", "pt-BR")).toEqual(['word off the glossary "saque"']);
    expect(untranslatedIn("Um envio PIX falhou", "pt-BR")).toEqual([]);
    expect(untranslatedIn("Extrato de 2026-11-27", "pt-BR")).toEqual(["ISO date 2026-11-27"]);
    expect(untranslatedIn("Extrato de 2026-11", "pt-BR")).toEqual(["ISO month 2026-11"]);
    expect(untranslatedIn("Extrato de 27/11/2026", "pt-BR")).toEqual([]);
    expect(rawCodesIn("27/11/2026 10:00 · CASH_IN · PENDING · R$ 12,34")).toEqual(["code CASH_IN", "code PENDING"]);
    expect(rawCodesIn("Confirme (step_up_required) e charge.paid")).toEqual(["code step_up_required", "code charge.paid"]);
    // Acronyms, amounts, phones, documents and addresses are not codes.
    expect(rawCodesIn("PIX, CSV, CNPJ 12.345.678/0001-95, +55 11 98765-4321, R$ 1.234,56, https://x.example/a_b, Linux x86_64")).toEqual(
      [],
    );
  });

  it("keeps as they are only the names a message writes the same in both languages (settings, file columns, a typed format's example)", () => {
    expect([...namesKeptAsTheyAre].sort()).toEqual([
      // The first day and month the date parameters accept (lib/schemas/calendar-dates.ts), in their ISO form.
      "2000-01",
      "2000-01-01",
      "2025-03-31",
      "2026-03-31",
      "ALERT_SMTP_URL",
      "EVENTS_DISABLE_AFTER_HOURS",
      "RECONCILIATION_AFTER_MINUTES",
      "STORE_CREDENTIALS_KEY",
      "WALLET_API_BASE_URL",
      "WALLET_API_TOKEN",
      "key_type",
    ]);
  });
});
