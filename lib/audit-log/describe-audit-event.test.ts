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

describe("an erasure's and a refusal's details (issue #46)", () => {
  it("show labels, never raw codes, in Portuguese", () => {
    const details = describeAuditDetails(
      {
        details: {
          subjectKind: "document",
          subject: "***.982.247-**",
          erased: 4,
          kept: ["t1"],
          keptReason: "financial_record",
          reason: "step_up_required",
          method: "backup",
          twoFactorNotRequiredFor: ["viewer", "qa"],
        },
        targetType: "api_key",
        targetId: "k1",
      },
      pt,
      "pt-BR",
    );
    expect(details).toEqual([
      { label: "Identificado por", value: "CPF/CNPJ" },
      { label: "Titular", value: "***.982.247-**", data: true },
      { label: "Transações anonimizadas", value: "4", data: true },
      { label: "Mantidas (ids das transações)", value: "t1", data: true },
      { label: "Por que foram mantidas", value: "Registro financeiro que a lei exige manter" },
      { label: "Motivo", value: "Confirmação de identidade exigida" },
      { label: "Método", value: "Código de recuperação" },
      { label: "Dois fatores não exigidos para", value: `${pt["role.viewer"]}, ${pt["role.qa"]}` },
      { label: "Alvo", value: "Chave de API k1" },
    ]);
    expect(details.some((detail) => detail.labelIsKey)).toBe(false);
  });
});
