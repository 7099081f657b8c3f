// Every code has a label in both languages (#46). The compile-time half is the dictionaries' types:
// `satisfies Record<Code, MessageKey>` refuses a code without a label (the expected error below
// proves it: `tsc --noEmit` fails if that line compiles), and the pt-BR dictionary's type refuses
// a label without its translation. This test reads each label in both languages: present, not the
// code itself, clean for the one scanner (lib/i18n/untranslated-text.ts), and one label per code.
import { describe, expect, it } from "vitest";
import { dictionaries, locales, type MessageKey } from "@/lib/i18n/messages";
import { untranslatedIn } from "@/lib/i18n/untranslated-text";
import { alertChannelKinds, alertDeliveryStatuses, alertRuleKeys } from "@/lib/vocabulary/alert-kinds";
import { cashOutRequestStates } from "@/lib/vocabulary/cash-out-request-states";
import { codeLabelDictionaries, isLabelledEventType } from "@/lib/vocabulary/code-labels";
import { deliveryOutcomes } from "@/lib/vocabulary/delivery-outcomes";
import { eventDeliveryStatuses, eventTypes, testEventType } from "@/lib/vocabulary/event-types";
import { operatorRoles } from "@/lib/vocabulary/operator-roles";
import { statementStates } from "@/lib/vocabulary/statement";
import { creationStates, transactionKinds, walletStatuses, type TransactionKind } from "@/lib/vocabulary/transaction-statuses";

// @ts-expect-error a kind of transaction without its label does not compile
const incomplete = { CASH_IN: "ledger.kind.CASH_IN" } as const satisfies Record<TransactionKind, MessageKey>;

describe("one typed label per code", () => {
  it("names every code of every list", () => {
    const codes = (dictionary: object) => Object.keys(dictionary).sort();
    const d = codeLabelDictionaries;
    expect(codes(d.transactionKindLabels)).toEqual([...transactionKinds].sort());
    expect(codes(d.transactionStatusLabels)).toEqual([...walletStatuses, "UNKNOWN"].sort());
    expect(codes(d.creationStateLabels)).toEqual([...creationStates].sort());
    expect(codes(d.transactionStateLabels)).toEqual([...walletStatuses, ...creationStates].sort());
    expect(codes(d.statementStateLabels)).toEqual([...statementStates].sort());
    expect(codes(d.statementKindLabels)).toEqual([...transactionKinds].sort());
    expect(codes(d.cashOutRequestStateLabels)).toEqual([...cashOutRequestStates].sort());
    expect(codes(d.deliveryOutcomeLabels)).toEqual([...deliveryOutcomes].sort());
    expect(codes(d.alertRuleLabels)).toEqual([...alertRuleKeys].sort());
    expect(codes(d.alertChannelLabels)).toEqual([...alertChannelKinds].sort());
    expect(codes(d.alertDeliveryStatusLabels)).toEqual([...alertDeliveryStatuses].sort());
    expect(codes(d.eventTypeLabels)).toEqual([...eventTypes, testEventType].sort());
    expect(codes(d.eventDeliveryStatusLabels)).toEqual([...eventDeliveryStatuses].sort());
    expect(codes(d.operatorRoleLabels)).toEqual([...operatorRoles].sort());
    expect(codes(d.walletCallbackLogStatusLabels)).toEqual(["SUCCESS"]);
    expect(incomplete.CASH_IN).toBe("ledger.kind.CASH_IN");
  });

  it.each(locales)("says each code in words in %s: not the code, nothing the scanner flags, one label per code", (locale) => {
    const t = dictionaries[locale];
    const problems: string[] = [];
    for (const [name, dictionary] of Object.entries(codeLabelDictionaries)) {
      const labels = Object.entries(dictionary as Record<string, MessageKey>).map(([code, key]) => ({ code, text: t[key] }));
      for (const { code, text } of labels) {
        if (!text?.trim()) problems.push(`${name}.${code}: no label`);
        else if (text === code) problems.push(`${name}.${code}: the label is the code`);
        else for (const found of untranslatedIn(text, locale)) problems.push(`${name}.${code}: ${found} in "${text}"`);
      }
      // Two codes of one list never read the same (except a creation's "outcome unknown", which is the ledger's UNKNOWN).
      const texts = labels.map(({ text }) => text);
      const repeated = texts.filter((text, index) => texts.indexOf(text) !== index);
      if (repeated.length && name !== "transactionStateLabels") problems.push(`${name}: ${repeated.join(", ")} said twice`);
    }
    expect(problems).toEqual([]);
  });

  it("knows a stored event type from an unknown one", () => {
    expect(isLabelledEventType("charge.paid")).toBe(true);
    expect(isLabelledEventType("endpoint.test")).toBe(true);
    expect(isLabelledEventType("charge.unknown")).toBe(false);
    expect(isLabelledEventType("toString")).toBe(false);
  });
});
