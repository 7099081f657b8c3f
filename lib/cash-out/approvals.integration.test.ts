// Cash-outs that need a second operator, through the server actions, against the real sandbox
// wallet over HTTP: nothing is sent until another operator approves, an approval sends exactly
// once however many arrive together, daily limits hold when approvals race, and expired, rejected
// or cancelled requests never send.
import { inEnglish } from "@/test/support/in-english";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { approveCashOutRequestAction } from "@/lib/actions/approve-cash-out-request-action";
import { cancelCashOutRequestAction } from "@/lib/actions/cancel-cash-out-request-action";
import { createCashOutAction } from "@/lib/actions/create-cash-out-action";
import { rejectCashOutRequestAction } from "@/lib/actions/reject-cash-out-request-action";
import { saveApprovalPolicyAction } from "@/lib/actions/save-approval-policy-action";
import { approveCashOutRequest, expireOverdueRequests, requestMessages } from "@/lib/cash-out/cash-out-requests";
import { getApprovalPolicy, saveApprovalPolicy } from "@/lib/db/queries/approval-policy";
import { listCashOutRequests } from "@/lib/db/queries/cash-out-requests";
import { getDailyTotals } from "@/lib/db/queries/daily-totals";
import { committed } from "@/lib/vocabulary/daily-totals";
import { auditEvents, cashOutRequestItems, cashOutRequests, transactions, user } from "@/lib/db/schema";
import type { CashOutFormInput } from "@/lib/schemas/cash-out";
import { transactions as sandboxTransactions } from "@/lib/sandbox-wallet/schema";
import { createWalletClient } from "@/lib/wallet/client";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { type RunningSandboxWallet, startSandboxWallet, testToken } from "@/test/support/sandbox-wallet";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { testWalletClientOptions, walletUnderTest } from "@/test/support/wallet-under-test";
import { merchantWideScope, type StoreScope } from "@/lib/vocabulary/store-scope";

// Actions get the wallet client each test chose (test/support/wallet-under-test.ts).
vi.mock("@/lib/wallet/client", async (importOriginal) =>
  (await import("@/test/support/wallet-under-test")).withWalletUnderTest(await importOriginal()),
);

let database: TestDatabase;
let sandbox: RunningSandboxWallet;
let config: ReturnType<typeof installTestRuntime>["config"];
const operators = ["asker", "approver", "second", "admin", "viewer"] as const;
const roles = { asker: "finance", approver: "finance", second: "finance", admin: "admin", viewer: "viewer" } as const;
const sessions = {} as Record<(typeof operators)[number], Headers>;
const ids = {} as Record<(typeof operators)[number], { id: string; email: string; storeGrants: StoreScope }>;
let cashOutRequestsSent = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  let auth: ReturnType<typeof installTestRuntime>["auth"];
  ({ auth, config } = installTestRuntime(database));
  for (const name of operators) {
    sessions[name] = await createOperatorSession(auth, { email: `${name}@example.com`, role: roles[name] });
    const [row] = await database.db
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(eq(user.email, `${name}@example.com`));
    // Every store: no grants were written (lib/vocabulary/store-scope.ts).
    ids[name] = { ...row!, storeGrants: merchantWideScope() };
  }
  sandbox = await startSandboxWallet({ startWorker: false });
  const countingFetch: typeof fetch = (url, init) => {
    if (String(url).endsWith("/api/v1/wallets/out")) cashOutRequestsSent += 1;
    return fetch(url, init);
  };
  walletUnderTest.client = createWalletClient(testWalletClientOptions(sandbox.baseUrl, testToken, { fetch: countingFetch }));
});

afterAll(async () => {
  await sandbox?.close();
  await database?.dispose();
});

beforeEach(async () => {
  // The sandbox default (R$ 1.000,00 and up need approval), no limits, a day to decide.
  await saveApprovalPolicy(
    database.db,
    { approvalThresholdCents: null, operatorDailyLimitCents: null, merchantDailyLimitCents: null, requestLifetimeMinutes: 1440 },
    null,
  );
});

function cashOutForm(overrides: Partial<CashOutFormInput> = {}): CashOutFormInput {
  return {
    idempotencyKey: crypto.randomUUID(),
    amount: "1.500,00",
    pixKey: { type: "EMAIL", key: "Supplier@Example.com" },
    metadata: [{ key: "invoice", value: "NF-1" }],
    externalReference: `approval-${crypto.randomUUID()}`,
    ...overrides,
  };
}

async function requestCashOut(form: CashOutFormInput, as: keyof typeof sessions = "asker"): Promise<string> {
  requestState.headers = sessions[as];
  const result = await createCashOutAction(form);
  if (!result.ok || !result.data.requestId) throw new Error(`expected a request awaiting approval, got ${JSON.stringify(result)}`);
  return result.data.requestId;
}

const atWallet = (externalReference: string) =>
  sandbox.connection.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.externalReference, externalReference));
const requestRow = async (id: string) => (await database.db.select().from(cashOutRequests).where(eq(cashOutRequests.id, id)))[0]!;

describe("cash-outs that need a second operator", () => {
  it("sends a cash-out under the threshold at once, and saves one at the threshold as awaiting approval without sending", async () => {
    requestState.headers = sessions.asker;
    const small = cashOutForm({ amount: "999,99" });
    const direct = await createCashOutAction(small);
    expect(direct).toMatchObject({ ok: true, data: { transactionId: expect.any(String) } });
    expect(await atWallet(small.externalReference!)).toHaveLength(1);

    const sentBefore = cashOutRequestsSent;
    const form = cashOutForm({ amount: "1.000,00" });
    const requestId = await requestCashOut(form);
    expect(await requestRow(requestId)).toMatchObject({
      state: "awaiting_approval",
      kind: "single",
      totalCents: 100_000,
      requestedByEmail: "asker@example.com",
    });
    expect(cashOutRequestsSent).toBe(sentBefore);
    expect(await database.db.select().from(transactions).where(eq(transactions.idempotencyKey, form.idempotencyKey))).toEqual([]);
    // The Approvals list names it by its destination, masked (a list: docs/personal-data.md).
    expect(
      (await listCashOutRequests(database.db, merchantWideScope(), { states: ["awaiting_approval"] })).find(
        (listed) => listed.id === requestId,
      ),
    ).toMatchObject({ kind: "single", pixKey: "s*******@example.com", totalCents: 100_000 });
    // Submitting the same form again finds the same request.
    expect(await requestCashOut(form)).toBe(requestId);
    expect(await database.db.select().from(cashOutRequests).where(eq(cashOutRequests.idempotencyKey, form.idempotencyKey))).toHaveLength(1);
  });

  it("refuses the creator's own approval, and lets another finance operator approve: sent once, with who asked and who approved audited", async () => {
    const form = cashOutForm();
    const requestId = await requestCashOut(form);

    requestState.headers = sessions.asker;
    expect(await approveCashOutRequestAction({ requestId })).toMatchObject({
      ok: false,
      code: "FAILED",
      error: requestMessages.ownRequest,
    });
    expect((await requestRow(requestId)).state).toBe("awaiting_approval");
    expect(await atWallet(form.externalReference!)).toEqual([]);

    requestState.headers = sessions.viewer;
    expect(await approveCashOutRequestAction({ requestId })).toMatchObject({ ok: false, code: "FORBIDDEN" });

    requestState.headers = sessions.approver;
    const approved = await approveCashOutRequestAction({ requestId });
    expect(approved).toMatchObject({ ok: true, data: { requestId, transactionId: expect.any(String), sendError: null } });
    const [sent] = await atWallet(form.externalReference!);
    expect(sent).toMatchObject({
      value: 150_000,
      pixDestinyType: "EMAIL",
      pixDestinyKey: "supplier@example.com",
      metadata: { invoice: "NF-1" },
    });
    const [ledger] = await database.db.select().from(transactions).where(eq(transactions.idempotencyKey, form.idempotencyKey));
    expect(ledger).toMatchObject({ creationState: "created", walletTransactionId: sent!.id, createdByEmail: "asker@example.com" });
    expect(await requestRow(requestId)).toMatchObject({ state: "approved", decidedByEmail: "approver@example.com" });

    const audit = await database.db.select().from(auditEvents).where(sql`${auditEvents.targetId} in (${requestId}, ${ledger!.id})`);
    expect(audit.map((event) => [event.action, event.outcome, event.actorEmail]).sort()).toEqual(
      [
        ["cash_out_request.create", "success", "asker@example.com"],
        ["cash_out_request.approve", "refused", "asker@example.com"],
        ["cash_out_request.approve", "success", "approver@example.com"],
        ["cash_out.send", "success", "approver@example.com"],
      ].sort(),
    );
  });

  it("sends exactly one wallet request when one request is approved many times at once by two operators", async () => {
    const form = cashOutForm();
    const requestId = await requestCashOut(form);
    const sentBefore = cashOutRequestsSent;
    const dependencies = { db: database.db, config, walletOf: async () => walletUnderTest.client! };

    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) => approveCashOutRequest(dependencies, index % 2 ? ids.approver : ids.admin, requestId)),
    );

    expect(cashOutRequestsSent - sentBefore).toBe(1);
    expect(await atWallet(form.externalReference!)).toHaveLength(1);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const result of results.filter((result) => !result.ok))
      expect(result).toEqual({ ok: false, error: requestMessages.decided.approved });
  });

  it("refuses the second of two approvals that together break the merchant's daily limit, with a clear message", async () => {
    const first = cashOutForm({ amount: "6.000,00" });
    const second = cashOutForm({ amount: "6.000,00" });
    const firstId = await requestCashOut(first);
    const secondId = await requestCashOut(second);
    // The limit leaves room for one of them: R$ 10.000,00 on top of what is already sent today.
    const today = await getDailyTotals(database.db);
    requestState.headers = sessions.admin;
    const saved = await saveApprovalPolicyAction({
      approvalThreshold: "",
      operatorDailyLimit: "",
      merchantDailyLimit: formatReais(committed(today) + 1_000_000),
      requestLifetimeHours: "24",
    });
    expect(saved).toEqual({ ok: true, data: null });
    const sentBefore = cashOutRequestsSent;
    const dependencies = { db: database.db, config, walletOf: async () => walletUnderTest.client! };

    const [a, b] = await Promise.all([
      approveCashOutRequest(dependencies, ids.approver, firstId),
      approveCashOutRequest(dependencies, ids.second, secondId),
    ]);

    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    const refused = (a.ok ? b : a) as { ok: false; error: string };
    expect(inEnglish(refused.error)).toMatch(
      /^Over the daily limit: R\$\s6\.000,00 more would bring the merchant's total for \d{4}-\d{2}-\d{2} \(São Paulo\) to .* above the limit of .*The request stays awaiting approval\.$/,
    );
    expect(cashOutRequestsSent - sentBefore).toBe(1);
    const states = [(await requestRow(firstId)).state, (await requestRow(secondId)).state].sort();
    expect(states).toEqual(["approved", "awaiting_approval"]);
    const after = await getDailyTotals(database.db);
    expect(committed(after)).toBeLessThanOrEqual(
      (await getApprovalPolicy(database.db, { walletIsSandbox: true })).merchantDailyLimitCents!,
    );
  });

  it("refuses a new request that would take the asker over their own daily limit, saving nothing", async () => {
    const today = await getDailyTotals(database.db, { operatorId: ids.asker.id });
    await saveApprovalPolicy(
      database.db,
      {
        approvalThresholdCents: null,
        operatorDailyLimitCents: today.sentCents + today.approvedUnsentCents + today.awaitingApprovalCents + 100_000,
        merchantDailyLimitCents: null,
        requestLifetimeMinutes: 1440,
      },
      null,
    );
    requestState.headers = sessions.asker;
    const form = cashOutForm({ amount: "1.000,01" });
    const result = await createCashOutAction(form);
    expect(inEnglish(result)).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
      fieldErrors: { amount: [expect.stringMatching(/^Over the daily limit: .*asker@example\.com's total.*Nothing was saved or sent\.$/)] },
    });
    expect(await database.db.select().from(cashOutRequests).where(eq(cashOutRequests.idempotencyKey, form.idempotencyKey))).toEqual([]);
  });

  it("cannot approve an expired request, and marks it expired", async () => {
    const form = cashOutForm();
    const requestId = await requestCashOut(form);
    // Time passes: the request's deadline is now behind us.
    await database.db
      .update(cashOutRequests)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(cashOutRequests.id, requestId));
    requestState.headers = sessions.approver;
    expect(await approveCashOutRequestAction({ requestId })).toMatchObject({ ok: false, code: "FAILED", error: requestMessages.expired });
    expect((await requestRow(requestId)).state).toBe("expired");
    expect(await atWallet(form.externalReference!)).toEqual([]);
    const [item] = await database.db.select().from(cashOutRequestItems).where(eq(cashOutRequestItems.requestId, requestId));
    expect(item!.transactionId).toBeNull();
  });

  it("expires overdue requests in the background sweep, audited, so they no longer count as awaiting", async () => {
    const requestId = await requestCashOut(cashOutForm({ amount: "3.000,00" }));
    const before = await getDailyTotals(database.db);
    await database.db
      .update(cashOutRequests)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(cashOutRequests.id, requestId));
    expect(await expireOverdueRequests(database.db)).toEqual([requestId]);
    expect((await requestRow(requestId)).state).toBe("expired");
    expect((await getDailyTotals(database.db)).awaitingApprovalCents).toBe(before.awaitingApprovalCents - 300_000);
    const [event] = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "cash_out_request.expire"), eq(auditEvents.targetId, requestId)));
    expect(event).toMatchObject({ outcome: "success", actorEmail: null, details: { totalCents: 300_000 } });
  });

  it("rejects with a reason (never by the creator), lets only the creator cancel, and neither sends", async () => {
    const rejectedForm = cashOutForm();
    const rejectedId = await requestCashOut(rejectedForm);
    requestState.headers = sessions.asker;
    expect(await rejectCashOutRequestAction({ requestId: rejectedId, reason: "wrong supplier" })).toMatchObject({
      ok: false,
      code: "FAILED",
      error: requestMessages.ownRequestReject,
    });
    requestState.headers = sessions.approver;
    expect(await rejectCashOutRequestAction({ requestId: rejectedId, reason: " " })).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
      fieldErrors: { reason: [expect.any(String)] },
    });
    expect(await rejectCashOutRequestAction({ requestId: rejectedId, reason: "wrong supplier" })).toMatchObject({
      ok: true,
      data: { requestId: rejectedId },
    });
    expect(await requestRow(rejectedId)).toMatchObject({
      state: "rejected",
      decisionReason: "wrong supplier",
      decidedByEmail: "approver@example.com",
    });
    expect(await approveCashOutRequestAction({ requestId: rejectedId })).toMatchObject({
      ok: false,
      code: "FAILED",
      error: requestMessages.decided.rejected,
    });

    const cancelledForm = cashOutForm();
    const cancelledId = await requestCashOut(cancelledForm);
    requestState.headers = sessions.approver;
    expect(await cancelCashOutRequestAction({ requestId: cancelledId })).toMatchObject({
      ok: false,
      code: "FAILED",
      error: requestMessages.notYours,
    });
    requestState.headers = sessions.asker;
    expect(await cancelCashOutRequestAction({ requestId: cancelledId })).toMatchObject({ ok: true, data: { requestId: cancelledId } });
    requestState.headers = sessions.approver;
    expect(await approveCashOutRequestAction({ requestId: cancelledId })).toMatchObject({
      ok: false,
      code: "FAILED",
      error: requestMessages.decided.cancelled,
    });
    expect([...(await atWallet(rejectedForm.externalReference!)), ...(await atWallet(cancelledForm.externalReference!))]).toEqual([]);
  });

  it("lets only an admin change the policy, and audits the change", async () => {
    requestState.headers = sessions.approver;
    expect(
      await saveApprovalPolicyAction({ approvalThreshold: "0", operatorDailyLimit: "", merchantDailyLimit: "", requestLifetimeHours: "2" }),
    ).toMatchObject({ ok: false, code: "FORBIDDEN" });
    requestState.headers = sessions.admin;
    expect(
      await saveApprovalPolicyAction({
        approvalThreshold: "abc",
        operatorDailyLimit: "",
        merchantDailyLimit: "",
        requestLifetimeHours: "0",
      }),
    ).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
      fieldErrors: { approvalThreshold: [expect.any(String)], requestLifetimeHours: [expect.any(String)] },
    });
    expect(
      await saveApprovalPolicyAction({
        approvalThreshold: "0",
        operatorDailyLimit: "50.000,00",
        merchantDailyLimit: "",
        requestLifetimeHours: "2",
      }),
    ).toEqual({ ok: true, data: null });
    expect(await getApprovalPolicy(database.db, { walletIsSandbox: true })).toMatchObject({
      approvalThresholdCents: 0,
      thresholdIsDefault: false,
      operatorDailyLimitCents: 5_000_000,
      merchantDailyLimitCents: null,
      requestLifetimeMinutes: 120,
      updatedByEmail: "admin@example.com",
    });
    const [event] = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "approval_policy.update"))
      .orderBy(desc(auditEvents.occurredAt))
      .limit(1);
    expect(event).toMatchObject({
      outcome: "success",
      actorEmail: "admin@example.com",
      details: { after: { approvalThresholdCents: 0, operatorDailyLimitCents: 5_000_000 } },
    });
    // A threshold of 0: even R$ 0,01 now waits for approval.
    const requestId = await requestCashOut(cashOutForm({ amount: "0,01" }));
    expect((await requestRow(requestId)).state).toBe("awaiting_approval");
  });
});

function formatReais(cents: number): string {
  return `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}
