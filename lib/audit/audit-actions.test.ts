// The audit registry (issue #46): every action has a details schema and a label in both languages,
// details are masked when written, and an API key as an actor reads in the reader's language.
import { describe, expect, it } from "vitest";
import { auditDetailsToStore } from "@/lib/audit";
import { auditActionNames, auditActions, auditTargetTypes } from "@/lib/audit/audit-actions";
import { dictionaries, type MessageKey } from "@/lib/i18n/messages";
import { actorLabel, apiKeyActorText } from "@/lib/vocabulary/api-key-actor";
import { findPersonalDataInText } from "@/lib/vocabulary/personal-data-masks";
import * as z from "@/lib/schemas/zod";

const languages = [dictionaries.en, dictionaries["pt-BR"]];

describe("the audit registry", () => {
  it("gives every action a details schema and a label in both languages, every target type too", () => {
    expect(auditActionNames.length).toBeGreaterThan(60);
    for (const action of auditActionNames) {
      expect(auditActions[action], action).toBeDefined();
      // Each accepts a wrapper's refusal (what operatorAction, operatorRoute and apiKeyRoute record).
      expect(z.safeParse(auditActions[action], { reason: "step_up_required" }).success, action).toBe(true);
      for (const t of languages) expect(t[`audit.action.${action}` as MessageKey], action).toBeTruthy();
    }
    for (const type of auditTargetTypes) for (const t of languages) expect(t[`audit.target.${type}` as MessageKey], type).toBeTruthy();
  });

  it("masks personal data when written: a subject, free text, a search term, a callback URL's path", () => {
    const erasure = auditDetailsToStore("personal_data.erase", {
      subjectKind: "document",
      subject: "529.982.247-25",
      reason: "Pedido de maria@example.com, CPF 529.982.247-25",
      reference: "LGPD-1",
      erased: 1,
      kept: [],
      payoutRows: 0,
      callbackBodies: 0,
      quarantined: 0,
      auditEvents: 0,
      keptReason: null,
    });
    expect(erasure).toMatchObject({ subject: "***.982.247-**", reason: "Pedido de m****@example.com, CPF ***.982.247-**" });
    const exported = auditDetailsToStore("personal_data.export_full", {
      export: "transactions",
      role: "admin",
      filters: ["q"],
      search: "Maria Souza",
    });
    expect(exported).toEqual({ export: "transactions", role: "admin", filters: ["q"], search: "M**********" });
    expect(
      auditDetailsToStore("sandbox.resend_callback", {
        walletTransactionId: "w1",
        newCallbackUrl: "https://hooks.example.com/api/callbacks/wallet/1/secret-token",
      }),
    ).toEqual({ walletTransactionId: "w1", newCallbackUrl: "hooks.example.com" });
  });

  it("still records details of the wrong shape, with every string masked", () => {
    const stored = auditDetailsToStore("counter.create", { name: "Caixa", note: "cpf 52998224725" } as never);
    expect(findPersonalDataInText(JSON.stringify(stored))).toEqual([]);
    expect(stored).toEqual({ name: "Caixa", note: "cpf ***.982.247-**" });
  });
});

describe("an API key as the actor", () => {
  it("reads in the reader's language; an e-mail stays as it is", () => {
    const stored = apiKeyActorText({ name: "Loja online", prefix: "wk_live_ab12" });
    expect(actorLabel(stored, dictionaries["pt-BR"]["auditLog.actor.apiKey"])).toBe('Chave de API "Loja online" (wk_live_ab12)');
    expect(actorLabel(stored, dictionaries.en["auditLog.actor.apiKey"])).toBe(stored);
    expect(actorLabel("ana@example.com", dictionaries["pt-BR"]["auditLog.actor.apiKey"])).toBe("ana@example.com");
  });
});
