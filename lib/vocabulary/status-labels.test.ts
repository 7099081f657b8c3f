import { describe, expect, it } from "vitest";
import { dictionaries, locales } from "@/lib/i18n/messages";
import {
  approvalStateVocabulary,
  callbackOutcomeVocabulary,
  reachableStatuses,
  transactionStatusVocabulary,
  type VocabularyEntry,
} from "@/lib/vocabulary/status-labels";
import { walletStatuses } from "@/lib/vocabulary/transaction-statuses";

describe("one status vocabulary", () => {
  it.each(locales)("names every state with a translated label in %s", (locale) => {
    const t = dictionaries[locale];
    const entries: VocabularyEntry[] = [
      ...Object.values(transactionStatusVocabulary),
      ...Object.values(callbackOutcomeVocabulary),
      ...Object.values(approvalStateVocabulary),
    ];
    for (const entry of entries) expect(t[entry.key], entry.key).toMatch(/\S/);
  });

  it.each(locales)("gives a cash-out's status the same word as every other page in %s (no 'Completed' beside 'Paid')", (locale) => {
    const t = dictionaries[locale];
    for (const status of walletStatuses) expect(t[`cashOut.status.${status}`]).toBe(t[transactionStatusVocabulary[status].key]);
  });

  it("never offers Canceled for a cash-out, which the wallet cannot cancel", () => {
    expect(reachableStatuses.CASH_OUT).not.toContain("CANCELED");
    expect(reachableStatuses.CASH_IN).toContain("CANCELED");
  });

  it("calls a cash-out something other than the payer's 'Pagamento' in Portuguese", () => {
    const t = dictionaries["pt-BR"];
    expect(t["ledger.kind.CASH_OUT"]).toBe("Envio PIX");
    expect(t["nav.cashOut"]).not.toMatch(/pagamento/i);
    expect(t["cashOut.title"]).not.toMatch(/pagamento/i);
  });
});
