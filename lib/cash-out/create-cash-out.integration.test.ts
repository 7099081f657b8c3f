// Cash-out through the server action, as a browser or a script calls it, against the real sandbox
// wallet over HTTP: one form sends money once, whatever the number of submissions, and a wallet
// that never answers leaves an "outcome unknown" record that is never re-sent.
import { inEnglish } from "@/test/support/in-english";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createCashOutAction } from "@/lib/actions/create-cash-out-action";
import { transactionCallbackUrl } from "@/lib/callbacks/callback-url";
import { saveApprovalPolicy } from "@/lib/db/queries/approval-policy";
import { maxAmountInCents } from "@/lib/schemas/money";
import { auditEvents, transactions } from "@/lib/db/schema";
import { transactions as sandboxTransactions } from "@/lib/sandbox-wallet/schema";
import type { CashOutFormInput } from "@/lib/schemas/cash-out";
import { cashOutResultMessages } from "@/lib/cash-out/create-cash-out";
import { dashboardReceiverPlaceholder } from "@/lib/transactions/wallet-response";
import { createWalletClient } from "@/lib/wallet/client";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { type RunningSandboxWallet, startSandboxWallet, testToken } from "@/test/support/sandbox-wallet";
import { startSlowWalletProxy } from "@/test/support/slow-wallet-proxy";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { testWalletClientOptions, walletUnderTest } from "@/test/support/wallet-under-test";

// Actions get the wallet client each test chose (test/support/wallet-under-test.ts).
vi.mock("@/lib/wallet/client", async (importOriginal) =>
  (await import("@/test/support/wallet-under-test")).withWalletUnderTest(await importOriginal()),
);

let database: TestDatabase;
let sandbox: RunningSandboxWallet;
let config: ReturnType<typeof installTestRuntime>["config"];
const sessions = {} as Record<"finance" | "admin" | "viewer" | "qa", Headers>;
/** Every cash-out request the dashboard sent to the sandbox, counted on the way out. */
let cashOutRequestsSent = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  let auth: ReturnType<typeof installTestRuntime>["auth"];
  ({ auth, config } = installTestRuntime(database));
  for (const role of ["finance", "admin", "viewer", "qa"] as const)
    sessions[role] = await createOperatorSession(auth, { email: `${role}@example.com`, role });
  // These tests are about the direct path: no amount here needs a second approver (approvals have
  // their own tests in lib/cash-out/).
  await saveApprovalPolicy(
    database.db,
    {
      approvalThresholdCents: maxAmountInCents + 1,
      operatorDailyLimitCents: null,
      merchantDailyLimitCents: null,
      requestLifetimeMinutes: 60,
    },
    null,
  );
  sandbox = await startSandboxWallet({ startWorker: false });
});

afterAll(async () => {
  await sandbox?.close();
  await database?.dispose();
});

afterEach(() => {
  walletUnderTest.client = undefined;
});

function useSandboxWallet() {
  const countingFetch: typeof fetch = (url, init) => {
    if (String(url).endsWith("/api/v1/wallets/out")) cashOutRequestsSent += 1;
    return fetch(url, init);
  };
  walletUnderTest.client = createWalletClient(testWalletClientOptions(sandbox.baseUrl, testToken, { fetch: countingFetch }));
}

function cashOutForm(overrides: Partial<CashOutFormInput> = {}): CashOutFormInput {
  return {
    idempotencyKey: crypto.randomUUID(),
    amount: "1.250,75",
    pixKey: { type: "PHONE", key: "(11) 98765-4321" },
    metadata: [{ key: "payout", value: "p-7" }],
    externalReference: `payout-${crypto.randomUUID()}`,
    ...overrides,
  };
}

const ledgerRowsWithKey = (idempotencyKey: string) =>
  database.db.select().from(transactions).where(eq(transactions.idempotencyKey, idempotencyKey));
const sandboxCashOutsWithReference = (externalReference: string) =>
  sandbox.connection.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.externalReference, externalReference));
// In the order they happened: without an ORDER BY, PostgreSQL may return a table's rows in any
// order (a run under load once gave the retry's event first).
const auditOf = (transactionId: string) =>
  database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.targetId, transactionId))
    .orderBy(asc(auditEvents.occurredAt), asc(auditEvents.id));

describe("createCashOutAction against the sandbox wallet", () => {
  it("sends the normalised cash-out to the wallet and records its answer, with who sent it", async () => {
    useSandboxWallet();
    requestState.headers = sessions.finance;
    const form = cashOutForm();
    const result = await createCashOutAction(form);
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;

    const [atWallet] = await sandboxCashOutsWithReference(form.externalReference!);
    expect(atWallet).toMatchObject({
      operation: "CASH_OUT",
      value: 125_075,
      pixDestinyType: "PHONE",
      pixDestinyKey: "+5511987654321",
      metadata: { payout: "p-7" },
    });
    expect(atWallet!.callbackUrl).toBe(transactionCallbackUrl(config, result.data.transactionId ?? ""));

    const [row] = await ledgerRowsWithKey(form.idempotencyKey);
    expect(row).toMatchObject({
      id: result.data.transactionId,
      kind: "CASH_OUT",
      creationState: "created",
      walletTransactionId: atWallet!.id,
      status: "PENDING",
      amountCents: 125_075,
      pixKeyType: "PHONE",
      pixKey: "+5511987654321",
      metadata: { payout: "p-7" },
      externalReference: form.externalReference,
      createdByEmail: "finance@example.com",
      isSandbox: config.wallet.isSandbox,
    });
    expect(Number(row!.tax)).toBe(atWallet!.tax);
    // The stored answer never keeps the receiver's secret.
    expect(row!.walletResponse).toMatchObject({ id: atWallet!.id, callbackUrl: dashboardReceiverPlaceholder });
    expect(JSON.stringify(row)).not.toContain(config.callbackSecret);
    expect(JSON.stringify(row)).not.toContain(atWallet!.callbackUrl.split("/").pop()!);
    expect(await auditOf(row!.id)).toEqual([
      expect.objectContaining({ action: "cash_out.create", outcome: "success", actorEmail: "finance@example.com" }),
    ]);
  });

  it("sends exactly one cash-out when the same form is submitted 20 times at once", async () => {
    useSandboxWallet();
    requestState.headers = sessions.admin;
    const form = cashOutForm({ pixKey: { type: "EMAIL", key: "Joao@Example.com" } });
    const sentBefore = cashOutRequestsSent;

    const results = await Promise.all(Array.from({ length: 20 }, () => createCashOutAction(form)));

    expect(cashOutRequestsSent - sentBefore).toBe(1);
    expect(await sandboxCashOutsWithReference(form.externalReference!)).toHaveLength(1);
    const rows = await ledgerRowsWithKey(form.idempotencyKey);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.creationState).toBe("created");
    // Every submission answers with that one cash-out, or says it is still being sent.
    for (const result of results) {
      if (result.ok) expect(result.data.transactionId).toBe(rows[0]!.id);
      else expect(result.error).toBe(cashOutResultMessages.stillSending);
    }
    expect(results.filter((result) => result.ok).length).toBeGreaterThanOrEqual(1);
    // Every attempt is audited; only one of them reached the wallet.
    const audit = await auditOf(rows[0]!.id);
    expect(audit).toHaveLength(20);
    expect(audit.filter((event) => !(event.details as { replayed?: boolean }).replayed)).toHaveLength(1);

    // A later retry (a refresh, a network retry) still sends nothing and finds the same cash-out.
    const retry = await createCashOutAction(form);
    expect(retry).toEqual({ ok: true, data: { transactionId: rows[0]!.id } });
    expect(cashOutRequestsSent - sentBefore).toBe(1);
  });

  it("keeps a cash-out the wallet refused as rejected, with the reason, and never sends that form again", async () => {
    useSandboxWallet();
    requestState.headers = sessions.finance;
    // Within the dashboard's own limit, above the sandbox's R$ 100.000,00: the wallet refuses it.
    const form = cashOutForm({ amount: "200.000,00" });
    const sentBefore = cashOutRequestsSent;

    const result = await createCashOutAction(form);
    expect(inEnglish(result)).toMatchObject({
      ok: false,
      code: "FAILED",
      error: expect.stringMatching(/^The wallet refused the cash-out: “.*value.*”\. No money was sent/),
    });
    const [row] = await ledgerRowsWithKey(form.idempotencyKey);
    expect(inEnglish(row)).toMatchObject({
      creationState: "rejected",
      walletTransactionId: null,
      status: null,
      failureMessage: expect.stringContaining("The wallet refused the cash-out"),
    });
    expect(await sandboxCashOutsWithReference(form.externalReference!)).toHaveLength(0);

    const retry = await createCashOutAction(form);
    expect(inEnglish(retry)).toMatchObject({
      ok: false,
      error: `${inEnglish(cashOutResultMessages.alreadySubmitted)} ${inEnglish(row!.failureMessage)}`,
    });
    expect(cashOutRequestsSent - sentBefore).toBe(1);
    expect((await auditOf(row!.id)).map((event) => event.outcome)).toEqual(["failure", "failure"]);
  });

  it("never reuses a form's key for a different cash-out", async () => {
    useSandboxWallet();
    requestState.headers = sessions.finance;
    const form = cashOutForm();
    expect((await createCashOutAction(form)).ok).toBe(true);
    const sentBefore = cashOutRequestsSent;
    const edited = await createCashOutAction({ ...form, amount: "9.999,99" });
    expect(edited).toMatchObject({ ok: false, error: cashOutResultMessages.differentCashOut });
    expect(cashOutRequestsSent).toBe(sentBefore);
    expect(await ledgerRowsWithKey(form.idempotencyKey)).toEqual([expect.objectContaining({ amountCents: 125_075 })]);
  });
});

describe("createCashOutAction with a wallet that takes the request and never answers", () => {
  let silentWallet: http.Server;
  const bodiesReceived: string[] = [];

  beforeAll(async () => {
    silentWallet = http.createServer((request) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      request.on("end", () => bodiesReceived.push(body)); // …and never a response
    });
    await new Promise<void>((resolve) => silentWallet.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    silentWallet.closeAllConnections();
    await new Promise<void>((resolve) => silentWallet.close(() => resolve()));
  });

  it("records one cash-out with an unknown outcome, tells the operator to check first, and a retry sends nothing", async () => {
    const { port } = silentWallet.address() as AddressInfo;
    // Requests are counted as the client sends them: the action returns only after its request (if any) went out.
    let requestsSent = 0;
    const counting: typeof fetch = (url, init) => {
      requestsSent += 1;
      return fetch(url, init);
    };
    walletUnderTest.client = createWalletClient(
      testWalletClientOptions(`http://127.0.0.1:${port}`, testToken, { timeoutMs: 300, fetch: counting }),
    );
    requestState.headers = sessions.finance;
    const form = cashOutForm({ pixKey: { type: "RANDOM", key: "71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d" } });

    const result = await createCashOutAction(form);
    expect(result).toMatchObject({ ok: false, code: "FAILED" });
    if (result.ok) return;
    expect(inEnglish(result.error)).toMatch(
      /did not answer within 0\.3 s\. The outcome is unknown: the cash-out may have been sent\. Check its status with the wallet before trying again/,
    );
    expect(bodiesReceived).toHaveLength(1);
    expect(JSON.parse(bodiesReceived[0]!)).toMatchObject({
      value: 125_075,
      pixDestinyType: "RANDOM",
      pixDestinyKey: "71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d",
    });

    const rows = await ledgerRowsWithKey(form.idempotencyKey);
    expect(rows).toEqual([
      expect.objectContaining({ creationState: "outcome_unknown", failureMessage: result.error, walletTransactionId: null }),
    ]);

    const retry = await createCashOutAction(form);
    expect(inEnglish(retry)).toMatchObject({
      ok: false,
      error: `${inEnglish(cashOutResultMessages.alreadySubmitted)} ${inEnglish(result.error)}`,
    });
    // The retry asked nothing of the wallet (counted by the client, so no wait for a request to arrive).
    expect(requestsSent).toBe(1);
    expect(bodiesReceived).toHaveLength(1);
    expect(await ledgerRowsWithKey(form.idempotencyKey)).toHaveLength(1);
    const audit = await auditOf(rows[0]!.id);
    expect(audit.map((event) => [event.outcome, (event.details as Record<string, unknown>).creationState])).toEqual([
      ["failure", "outcome_unknown"],
      ["failure", "outcome_unknown"],
    ]);
    expect(audit[0]!.details).toMatchObject({ outcomeUnknown: true, walletErrorKind: "timeout" });
  });
});

describe("createCashOutAction with a wallet that sends the money but whose answer never arrives", () => {
  it.each([
    ["answers after the timeout", { delayMs: 1_500 }],
    ["resets the connection after sending", { reset: true }],
    ["is hidden behind a gateway's 502 page", { gatewayError: true }],
  ] as const)("records the cash-out as outcome unknown when the wallet %s, and a retry of the form sends nothing", async (_name, mode) => {
    const proxy = await startSlowWalletProxy(sandbox.baseUrl, mode);
    try {
      walletUnderTest.client = createWalletClient(testWalletClientOptions(proxy.baseUrl, testToken, { timeoutMs: 300 }));
      requestState.headers = sessions.finance;
      const form = cashOutForm();
      const result = await createCashOutAction(form);
      expect(result).toMatchObject({ ok: false, code: "FAILED" });
      if (result.ok) return;
      expect(inEnglish(result.error)).toMatch(
        /The outcome is unknown: the cash-out may have been sent\. Check its status with the wallet before trying again/,
      );
      await proxy.waitForForwarded("/api/v1/wallets/out", 1);
      expect(await sandboxCashOutsWithReference(form.externalReference!)).toHaveLength(1);
      expect(await ledgerRowsWithKey(form.idempotencyKey)).toEqual([expect.objectContaining({ creationState: "outcome_unknown" })]);

      const retry = await createCashOutAction(form);
      expect(retry).toMatchObject({ ok: false, code: "FAILED" });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(proxy.forwarded.filter((call) => call.path.endsWith("/api/v1/wallets/out"))).toHaveLength(1);
      expect(await sandboxCashOutsWithReference(form.externalReference!)).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });
});

describe("createCashOutAction refuses those who may not send money", () => {
  it.each(["viewer", "qa"] as const)("refuses a %s calling it directly: nothing sent or recorded, the refusal audited", async (role) => {
    useSandboxWallet();
    requestState.headers = sessions[role];
    const sentBefore = cashOutRequestsSent;
    const form = cashOutForm();
    const result = await createCashOutAction(form);
    expect(result).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(cashOutRequestsSent).toBe(sentBefore);
    expect(await ledgerRowsWithKey(form.idempotencyKey)).toHaveLength(0);
    const events = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorEmail, `${role}@example.com`), eq(auditEvents.action, "cash_out.create")));
    expect(events).toEqual([expect.objectContaining({ outcome: "refused", details: { reason: "role", role } })]);
  });

  it("refuses a caller without a session", async () => {
    useSandboxWallet();
    requestState.headers = new Headers();
    expect(await createCashOutAction(cashOutForm())).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
  });

  it("refuses invalid input with the key's own message, before anything is recorded or sent", async () => {
    useSandboxWallet();
    requestState.headers = sessions.finance;
    const sentBefore = cashOutRequestsSent;
    const form = cashOutForm({ pixKey: { type: "DOCUMENT", key: "529.982.247-26" } });
    const result = await createCashOutAction(form);
    expect(inEnglish(result)).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
      fieldErrors: { "pixKey.key": ["CPF check digits do not match: check the number for a typo."] },
    });
    expect(cashOutRequestsSent).toBe(sentBefore);
    expect(await ledgerRowsWithKey(form.idempotencyKey)).toHaveLength(0);
  });
});
