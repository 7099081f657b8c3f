// Every message key that schemas, actions and wallet errors can emit has an English and a
// Portuguese text: keys named in source are collected, and messages actually emitted by the
// schemas and the wallet error builders are decoded and looked up in both dictionaries.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeMessage, msg, translateMessage } from "@/lib/i18n/message";
import { dictionaries, locales } from "@/lib/i18n/messages";
import { approvalPolicySchema } from "@/lib/schemas/approval-policy";
import { changePasswordSchema, securityPolicySchema } from "@/lib/schemas/account-security";
import { cashInFormSchema } from "@/lib/schemas/cash-in";
import { cashOutFormSchema } from "@/lib/schemas/cash-out";
import { counterFormSchema } from "@/lib/schemas/counter";
import { createOperatorSchema, firstAdminSchema } from "@/lib/schemas/operator";
import { parsePayoutCsv } from "@/lib/schemas/payout-csv";
import { composeMessage, consequenceOf, subjectOf, type WalletOperation } from "@/lib/wallet/errors";

const root = join(__dirname, "..", "..");
const scanned = ["lib/schemas", "lib/actions", "lib/wallet", "lib/auth", "lib/transactions", "lib/forms", "lib/i18n/message.ts"];

function sourceFiles(path: string): string[] {
  const full = join(root, path);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full).flatMap((name) => sourceFiles(join(path, name)));
}

/** Every `msg("errors.…")` and quoted "errors.…" key in the scanned source. */
function keysInSource(): Set<string> {
  const keys = new Set<string>();
  for (const file of scanned.flatMap(sourceFiles)) {
    if (!/\.(ts|tsx)$/.test(file) || file.endsWith(".test.ts")) continue;
    for (const match of readFileSync(file, "utf8").matchAll(/["'`](errors\.[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)+)["'`?]/g)) keys.add(match[1]!);
  }
  keys.delete("errors.x"); // the example in lib/i18n/message.ts's comment
  return keys;
}

/** Each key of an encoded message, parameters that are messages included. */
function keysOf(message: string): string[] {
  const decoded = decodeMessage(message);
  if (!decoded) return [];
  return [decoded.key, ...Object.values(decoded.params).flatMap(keysOf)];
}

function issueMessages(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe("message keys", () => {
  it("finds the keys in source (the scan itself works)", () => {
    expect(keysInSource().size).toBeGreaterThan(150);
    expect(keysInSource()).toContain("errors.amount.empty");
  });

  it.each(locales)("every key named in schemas, actions and wallet code has a %s text", (locale) => {
    const missing = [...keysInSource()].filter((key) => !(key in dictionaries[locale]));
    expect(missing).toEqual([]);
  });

  it.each(locales)("every message the schemas emit on bad input is a key with a %s text", (locale) => {
    const emitted = [
      ...issueMessages(
        cashInFormSchema.safeParse({
          idempotencyKey: "x",
          amount: "1,234",
          payerName: "",
          payerEmail: "nope",
          payerDocument: "529.982.247-26",
          payerPhone: "(11) 3456-7890",
          invoiceDescription: "d".repeat(141),
          expiry: "custom",
          customExpiryMinutes: "0",
          metadata: [{ key: "", value: "v" }],
          externalReference: "r".repeat(65),
          customCallbackUrl: "ftp://x",
        }),
      ),
      ...issueMessages(cashOutFormSchema.safeParse({ idempotencyKey: "x", amount: "-1", pixKey: { type: "EMAIL", key: "a b" } })),
      ...issueMessages(cashOutFormSchema.safeParse({ pixKey: {} })),
      ...issueMessages(counterFormSchema.safeParse({ name: "", defaultPayerName: "", defaultPayerEmail: "", defaultPayerDocument: "" })),
      ...issueMessages(createOperatorSchema.safeParse({ name: "", email: "x", password: "short", role: "boss" })),
      ...issueMessages(firstAdminSchema.safeParse({ name: "A", email: "a@b.co", password: "p".repeat(12), confirmPassword: "q" })),
      ...issueMessages(changePasswordSchema.safeParse({ currentPassword: "", newPassword: "n".repeat(200), confirmPassword: "" })),
      ...issueMessages(
        securityPolicySchema.safeParse({ twoFactorRequiredRoles: [], idleTimeoutMinutes: "1", absoluteLifetimeMinutes: "x" }),
      ),
      ...issueMessages(
        approvalPolicySchema.safeParse({
          approvalThreshold: "1.2",
          operatorDailyLimit: "",
          merchantDailyLimit: "",
          requestLifetimeHours: "0",
        }),
      ),
    ];
    const csv = parsePayoutCsv("amount;key_type;key\n0;FAX;x\n1,00;EMAIL");
    if (!csv.ok) emitted.push(...csv.problems.map((problem) => problem.message));
    expect(emitted.length).toBeGreaterThan(25);
    for (const message of emitted) {
      expect(decodeMessage(message), message).toBeDefined();
      for (const key of keysOf(message)) expect(dictionaries[locale], message).toHaveProperty([key]);
    }
  });

  it.each(locales)("every wallet consequence and subject has a %s text", (locale) => {
    const operations: WalletOperation[] = ["createCashIn", "createCashOut", "getCallbackLog", "resendCallback", "payCashInInSandbox"];
    for (const operation of operations)
      for (const outcomeUnknown of [true, false])
        for (const transient of [true, false]) {
          const message = composeMessage(
            msg("errors.wallet.refused", { subject: subjectOf(operation), status: 400 }),
            consequenceOf(operation, outcomeUnknown, transient),
          );
          for (const key of keysOf(message)) expect(dictionaries[locale], message).toHaveProperty([key]);
          expect(translateMessage(dictionaries[locale], message)).not.toMatch(/errors\.|\{\w+\}/);
        }
  });

  it("translates with parameters, nested messages and the wallet's own words", () => {
    const message = composeMessage(
      msg("errors.wallet.refusedSaid", { subject: subjectOf("createCashOut"), reason: "key & type mismatch" }),
      consequenceOf("createCashOut", false, false),
    );
    expect(translateMessage(dictionaries.en, message)).toBe(
      "The wallet refused the cash-out: “key & type mismatch”. No money was sent: the cash-out was not created.",
    );
    expect(translateMessage(dictionaries["pt-BR"], message)).toBe(
      "A carteira recusou o envio PIX: “key & type mismatch”. Nenhum dinheiro foi enviado: o envio PIX não foi criado.",
    );
    expect(translateMessage(dictionaries["pt-BR"], msg("errors.metadata.keyTooLong", { max: 40 }))).toBe(
      "Uma chave tem no máximo 40 caracteres.",
    );
  });

  it("shows text that is not a key as it is (messages stored before keys, a foreign origin text)", () => {
    expect(translateMessage(dictionaries["pt-BR"], "Some legacy English text.")).toBe("Some legacy English text.");
    expect(translateMessage(dictionaries["pt-BR"], "errors.not.a.real.key")).toBe("errors.not.a.real.key");
  });

  it("shows a Portuguese form the Portuguese amount error (issue #16 item 2)", () => {
    const issue = cashInFormSchema.safeParse({ amount: "" }).error?.issues.find((i) => i.path[0] === "amount");
    expect(translateMessage(dictionaries["pt-BR"], issue!.message)).toBe("Informe um valor em reais, como 10,50.");
  });
});
