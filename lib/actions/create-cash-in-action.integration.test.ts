// The cash-in action called directly, against the real sandbox wallet over HTTP: a created charge
// answers its id (the form navigates to its page), a form submitted twice creates one charge, the
// counter choice is remembered as submitted (it is saved while the wallet is asked, so even when
// the wallet refuses), and a viewer is refused.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createCashInAction } from "@/lib/actions/create-cash-in-action";
import { findCounterPreference } from "@/lib/db/queries/counters";
import { auditEvents, counters, transactions } from "@/lib/db/schema";
import { translateMessage } from "@/lib/i18n/message";
import { dictionaries } from "@/lib/i18n/messages";
import { createWalletClient } from "@/lib/wallet/client";
import { createOperatorSession, installTestRuntime, requestState, testConfig } from "@/test/support/action-harness";
import { type RunningSandboxWallet, startSandboxWallet, testToken } from "@/test/support/sandbox-wallet";
import { startSlowWalletProxy } from "@/test/support/slow-wallet-proxy";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { testWalletClientOptions, walletUnderTest } from "@/test/support/wallet-under-test";
import { businessCounters } from "@/test/support/business-counters";

// Actions get the wallet client each test chose (test/support/wallet-under-test.ts).
vi.mock("@/lib/wallet/client", async (importOriginal) =>
  (await import("@/test/support/wallet-under-test")).withWalletUnderTest(await importOriginal()),
);

const appUrl = testConfig().appUrl;
let database: TestDatabase;
let sandbox: RunningSandboxWallet;
const sessions = {} as Record<"finance" | "viewer", Headers>;
const userIds = {} as Record<"finance" | "viewer", string>;

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth } = installTestRuntime(database);
  for (const role of ["finance", "viewer"] as const) {
    const cookie = (await createOperatorSession(auth, { email: `${role}@example.com`, role })).get("cookie")!;
    sessions[role] = new Headers({ cookie, origin: appUrl });
    const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
    userIds[role] = session!.user.id;
  }
  sandbox = await startSandboxWallet();
  walletUnderTest.client = createWalletClient(testWalletClientOptions(sandbox.baseUrl, testToken));
});

afterAll(async () => {
  await sandbox?.close();
  await database?.dispose();
});

afterEach(() => {
  requestState.headers = new Headers();
});

const cashInInput = (overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: randomUUID(),
  amount: "12,34",
  payerName: "Ana Pagadora",
  payerEmail: "ana@example.com",
  payerDocument: "529.982.247-25",
  expiry: "30",
  metadata: [],
  ...overrides,
});

async function addCounter(name: string) {
  const [counter] = await database.db
    .insert(counters)
    .values({ name, defaultPayerName: "Balcão", defaultPayerEmail: "balcao@example.com", defaultPayerDocument: "52998224725" })
    .returning();
  return counter!;
}

describe("createCashInAction", () => {
  it("creates the charge, answers its id, puts it on the chosen counter and remembers that counter", async () => {
    const counter = await addCounter("Caixa 1");
    requestState.headers = sessions.finance;
    const result = await createCashInAction(cashInInput({ showOnCounterId: counter.id }) as never);
    expect(result).toMatchObject({ ok: true, data: { transactionId: expect.any(String) } });
    if (!result.ok) return;
    const [row] = await database.db.select().from(transactions).where(eq(transactions.id, result.data.transactionId));
    expect(row).toMatchObject({ kind: "CASH_IN", creationState: "created", amountCents: 1234, status: "PENDING" });
    expect(row!.codeCopyPaste).toMatch(/br\.gov\.bcb\.pix/i);
    const [shown] = await database.db.select().from(counters).where(eq(counters.id, counter.id));
    expect(shown!.currentTransactionId).toBe(result.data.transactionId);
    expect(await findCounterPreference(database.db, userIds.finance)).toBe(counter.id);
    const audited = await database.db.select().from(auditEvents).where(eq(auditEvents.targetId, result.data.transactionId));
    expect(audited.map((event) => [event.action, event.outcome])).toEqual([["cash_in.create", "success"]]);
  });

  it("creates one charge for a form submitted twice, and answers the same id both times", async () => {
    requestState.headers = sessions.finance;
    const input = cashInInput({ payerName: "Duas Vezes" });
    const createdBefore = await businessCounters("cash_in", "created");
    const [first, second] = await Promise.all([createCashInAction(input as never), createCashInAction(input as never)]);
    // One of two simultaneous submits may find the first still being created: it says so, and
    // creates nothing either way.
    const created = [first, second].filter((result) => result.ok);
    expect(created.length).toBeGreaterThanOrEqual(1);
    const again = await createCashInAction(input as never);
    expect(again.ok && again.data.transactionId).toBe(created[0]!.ok && created[0]!.data.transactionId);
    const rows = await database.db.select().from(transactions).where(eq(transactions.payerName, "Duas Vezes"));
    expect(rows).toHaveLength(1);
    // Counted once as created (lib/observability/metrics.ts), like the one wallet charge.
    expect(await businessCounters("cash_in", "created")).toEqual({ count: createdBefore.count + 1, cents: createdBefore.cents + 1234 });
  });

  it("remembers the counter choice as submitted even when the wallet refuses the charge, which leaves no row", async () => {
    const counter = await addCounter("Caixa 2");
    requestState.headers = sessions.finance;
    // Within the form's limit, above the sandbox wallet's maximum.
    const result = await createCashInAction(
      cashInInput({ amount: "1.000.000,00", payerName: "Recusada", showOnCounterId: counter.id }) as never,
    );
    expect(result).toMatchObject({ ok: false, code: "FAILED" });
    expect(await database.db.select().from(transactions).where(eq(transactions.payerName, "Recusada"))).toHaveLength(0);
    expect(await findCounterPreference(database.db, userIds.finance)).toBe(counter.id);
  });

  it("says 'outcome unknown, check before creating it again' in both languages when the wallet creates the charge but answers late, keeps the row, and a resubmission calls nothing", async () => {
    const slow = await startSlowWalletProxy(sandbox.baseUrl, 1_500);
    const previous = walletUnderTest.client;
    walletUnderTest.client = createWalletClient(testWalletClientOptions(slow.baseUrl, testToken, { timeoutMs: 300 }));
    try {
      requestState.headers = sessions.finance;
      const input = cashInInput({ payerName: "Sem Resposta" });
      const result = await createCashInAction(input as never);
      expect(result).toMatchObject({ ok: false, code: "FAILED" });
      if (result.ok) return;
      expect(result.error).toMatch(/^errors\.cashIn\.outcomeUnknown\?/);
      expect(translateMessage(dictionaries.en, result.error)).toMatch(
        /^Outcome unknown: the wallet did not confirm this charge, and it may have created it\. Check the Transactions page before creating it again\. The wallet did not answer within 0\.3 s/,
      );
      expect(translateMessage(dictionaries["pt-BR"], result.error)).toMatch(
        /^Resultado desconhecido: a carteira não confirmou esta cobrança e pode tê-la criado\. Confira a página de Transações antes de criá-la de novo\. /,
      );
      await slow.waitForForwarded("/api/v1/wallets/in", 1);
      expect(await database.db.select().from(transactions).where(eq(transactions.payerName, "Sem Resposta"))).toEqual([
        expect.objectContaining({ creationState: "outcome_unknown" }),
      ]);

      const again = await createCashInAction(input as never);
      expect(again).toMatchObject({ ok: false, code: "FAILED", error: "errors.cashIn.alreadyOutcomeUnknown" });
      for (const language of ["en", "pt-BR"] as const)
        expect(translateMessage(dictionaries[language], again.ok ? "" : again.error)).not.toMatch(/^errors\./);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(slow.forwarded.filter((call) => call.path.endsWith("/api/v1/wallets/in"))).toHaveLength(1);
    } finally {
      walletUnderTest.client = previous;
      await slow.close();
    }
  });

  it("refuses a viewer, creating and remembering nothing", async () => {
    const counter = await addCounter("Caixa 3");
    requestState.headers = sessions.viewer;
    const result = await createCashInAction(cashInInput({ payerName: "Do Viewer", showOnCounterId: counter.id }) as never);
    expect(result).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await database.db.select().from(transactions).where(eq(transactions.payerName, "Do Viewer"))).toHaveLength(0);
    expect(await findCounterPreference(database.db, userIds.viewer)).toBeNull();
  });
});
