// The error messages a form carries (lib/i18n/client-messages.ts): every message its schema can
// produce in the browser, read from the source (scripts/support/schema-message-keys.ts), so no
// field ever shows a raw "errors.…" key; and the generated list is the source's.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as z from "@/lib/schemas/zod";
import { type ClientComponentName, clientMessages } from "@/lib/i18n/client-messages";
import { dictionaries } from "@/lib/i18n/messages";
import { schemaMessageKeys } from "@/lib/i18n/schema-error-keys";
import { cashOutFormSchema } from "@/lib/schemas/cash-out";
import { clientValidatedForms, messageKeysOf, schemaMessagesModule } from "@/scripts/support/schema-message-keys";

const errorKeys = Object.keys(dictionaries.en).filter((key) => key.startsWith("errors."));

describe("schema messages", () => {
  it("lib/i18n/schema-error-keys.ts is current (run `npm run generate:schema-error-keys` after changing a form's schema)", () => {
    expect(readFileSync(path.join(import.meta.dirname, "schema-error-keys.ts"), "utf8")).toBe(schemaMessagesModule(errorKeys));
  });

  it("finds the forms that validate in the browser, each with its client messages", () => {
    const forms = clientValidatedForms();
    expect(forms.map((form) => form.file)).toEqual(
      expect.arrayContaining(["components/cash-out/cash-out-form.tsx", "components/cash-in/cash-in-form.tsx"]),
    );
    for (const form of forms) expect(form.messages, form.file).toBeDefined();
  });

  for (const form of clientValidatedForms()) {
    it(`${form.file} carries every message of ${form.schemaModule}, in both languages`, () => {
      const wanted = schemaMessageKeys[form.schemaModule as keyof typeof schemaMessageKeys];
      expect(wanted, "regenerate lib/i18n/schema-error-keys.ts").toBeDefined();
      for (const locale of ["en", "pt-BR"] as const) {
        const sent = clientMessages(dictionaries[locale], form.messages as ClientComponentName) as Readonly<Record<string, string>>;
        expect(wanted.filter((key) => sent[key] === undefined)).toEqual([]);
      }
    });
  }

  it("reads keys through imports and expands a key built at run time to its prefix", () => {
    const keys = messageKeysOf("lib/schemas/cash-out", errorKeys);
    // Written in lib/schemas/money.ts and lib/schemas/pix-key.ts, imported by the cash-out schema.
    expect(keys).toEqual(expect.arrayContaining(["errors.amount.tooLarge", "errors.pixKey.emailInvalid", "errors.form.stale"]));
    expect(keys).not.toContain("errors.signIn.wrongCredentials");
    const limits = messageKeysOf("lib/cash-out/daily-limits", errorKeys);
    expect(limits).toEqual(expect.arrayContaining(errorKeys.filter((key) => key.startsWith("errors.limits."))));
  });

  it("covers what the cash-out schema says about a form full of mistakes", () => {
    const parsed = z.safeParse(cashOutFormSchema, {
      idempotencyKey: "not-a-uuid",
      amount: "12,345",
      pixKey: { type: "EMAIL", key: "not an e-mail" },
      metadata: [{ key: "", value: "x" }],
      externalReference: "x".repeat(200),
    });
    expect(parsed.success).toBe(false);
    const said = (parsed.error?.issues ?? []).map((issue) => issue.message.split("?")[0]!);
    expect(said.length).toBeGreaterThan(2);
    expect(said.filter((key) => !schemaMessageKeys["lib/schemas/cash-out"].includes(key as never))).toEqual([]);
  });
});
