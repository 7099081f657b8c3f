import { describe, expect, it } from "vitest";
import { auditActionLabel, auditOutcomeLabel, describeAuditDetails } from "@/lib/audit-log/describe-audit-event";
import { dictionaries } from "@/lib/i18n/messages";

const en = dictionaries.en;
const pt = dictionaries["pt-BR"];

describe("a readable audit event", () => {
  it("names actions instead of showing their codes, in both languages", () => {
    expect(auditActionLabel("auth.sign_in", en)).toBe("Signed in");
    expect(auditActionLabel("auth.sign_in", pt)).toBe("Entrou");
    expect(auditActionLabel("cash_out.create", pt)).toBe("Envio PIX criado");
    // A code without a name yet is still shown rather than hidden.
    expect(auditActionLabel("something.new", en)).toBe("something.new");
    expect(auditOutcomeLabel("refused", pt)).toBe("Recusada");
  });

  it("turns details into labelled values: money in R$, roles by name, booleans as words, the target last", () => {
    const details = describeAuditDetails(
      {
        details: { amountCents: 123456, role: "finance", twoFactorEnabled: true, requestedByEmail: "ana@example.com", nested: { a: 1 } },
        targetType: "transaction",
        targetId: "abc",
      },
      en,
      "en",
    );
    expect(details).toEqual([
      { label: "Amount", value: "R$\u00a01.234,56" },
      { label: "Role", value: "Finance" },
      { label: "Two factor enabled", value: "Yes" },
      { label: "Requested by", value: "ana@example.com", data: true },
      { label: "Nested", value: '{"a":1}', data: true },
      { label: "Target", value: "Transaction abc" },
    ]);
  });

  it("labels a counter's and a display's details in Portuguese, with dates through the one formatter", () => {
    const details = describeAuditDetails(
      { details: { name: "Caixa 1", expiresAt: "2026-11-25T17:03:09.000Z" }, targetType: "display_device", targetId: "d1" },
      pt,
      "pt-BR",
    );
    expect(details).toEqual([
      { label: "Nome", value: "Caixa 1", data: true },
      { label: "Expira em", value: "25/11/2026 14:03:09" },
      { label: "Alvo", value: "Tela do caixa d1" },
    ]);
  });

  it("shows a detail with no Portuguese label by its stored key, not a guess in English", () => {
    expect(describeAuditDetails({ details: { payoutCallbackName: "x" }, targetType: null, targetId: null }, pt, "pt-BR")).toEqual([
      { label: "payoutCallbackName", labelIsKey: true, value: "x", data: true },
    ]);
  });
});
