// A charge made for a store (issue #49): the cash-in action, given store B, creates the charge with
// store B's wallet (its own account on the sandbox: the main account does not know it), records
// store_id B, and the callback that account sends for it — for real, over HTTP, to the
// transaction's own URL — settles it. One server here plays this dashboard's two roles, as the
// embedded sandbox does: the sandbox under /sandbox and the callback receiver.
import { and, count, eq } from "drizzle-orm";
import { POST as payThroughLink } from "@/app/l/[slug]/pay/route";
import { approveCashOutRequestAction } from "@/lib/actions/approve-cash-out-request-action";
import { createCashOutAction } from "@/lib/actions/create-cash-out-action";
import { createPaymentLinkAction } from "@/lib/actions/create-payment-link-action";
import { createQuickChargeAction } from "@/lib/actions/create-quick-charge-action";
import { rejectCashOutRequestAction } from "@/lib/actions/reject-cash-out-request-action";
import { submitPayoutBatchAction } from "@/lib/actions/submit-payout-batch-action";
import { sendNextBatchRow } from "@/lib/cash-out/batch-sender";
import { readCallbackLog } from "@/lib/callbacks/read-callback-log";
import { createCounter, listCounters, listCountersWithDevices } from "@/lib/db/queries/counters";
import { createCounterAction } from "@/lib/actions/create-counter-action";
import { saveApprovalPolicyAction } from "@/lib/actions/save-approval-policy-action";
import { getDailyTotals } from "@/lib/db/queries/daily-totals";
import { dailyLimitProblem } from "@/lib/cash-out/daily-limits";
import { inEnglish } from "@/test/support/in-english";
import { findStoreCashOutRules } from "@/lib/db/queries/stores";
import { formatReaisInput } from "@/lib/format";
import { committedOrAwaiting } from "@/lib/vocabulary/daily-totals";
import { createPairingCodeAction } from "@/lib/actions/create-pairing-code-action";
import { msg } from "@/lib/i18n/message";
import { storeWallets } from "@/lib/stores/wallet-for-store";
import { merchantWideScope, storeScopeOfGrants } from "@/lib/vocabulary/store-scope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCashInAction } from "@/lib/actions/create-cash-in-action";
import { createStoreAction } from "@/lib/actions/create-store-action";
import { receiveCallback, type ReceiverPath } from "@/lib/callbacks/receive-callback";
import { type AppConfig, parseConfig } from "@/lib/config";
import type { DatabaseConnection } from "@/lib/db/client";
import {
  auditEvents,
  callbackDeliveries,
  cashOutRequestItems,
  cashOutRequests,
  FIRST_STORE_ID,
  paymentLinks,
  transactions,
  user,
} from "@/lib/db/schema";
import { replaceOperatorStoreGrants } from "@/lib/db/queries/operator-stores";
import { createSandboxWallet, type SandboxWallet } from "@/lib/sandbox-wallet";
import { sandboxAccountToken } from "@/lib/sandbox-wallet/accounts";
import { callbackReceiverPathPrefix } from "@/lib/vocabulary/callback-url";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { createSandboxTestDatabase, eventually, type SandboxTestDatabase, testSettings, testToken } from "@/test/support/sandbox-wallet";
import { serveFetchHandler, type ServedHandler } from "@/test/support/serve-fetch-handler";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let sandboxDatabase: SandboxTestDatabase;
let sandboxConnection: DatabaseConnection;
let wallet: SandboxWallet;
let server: ServedHandler;
let stopWorker: () => Promise<void>;
const storeBToken = sandboxAccountToken(testToken, "store-b");
let storeId: string;
let runtimeConfig: AppConfig;
const sessions = {} as Record<"adminOfAll" | "approver" | "financeOfA" | "adminOfA", Headers>;

beforeAll(async () => {
  database = await openTestDatabase();
  sandboxDatabase = await createSandboxTestDatabase();
  sandboxConnection = await sandboxDatabase.connect();
  let receive: (request: Request, path: ReceiverPath) => Promise<Response> = async () => new Response(null, { status: 503 });
  wallet = createSandboxWallet({
    db: sandboxConnection.db,
    token: testToken,
    mountPath: "/sandbox",
    settings: testSettings,
    outboundPolicy: { allowPrivateAddresses: true },
  });
  server = await serveFetchHandler(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/sandbox/")) return wallet.handleRequest(request);
    const [id, token] = pathname.slice(callbackReceiverPathPrefix.length).split("/");
    return receive(request, { transactionId: id!, token: token! });
  });
  const config = parseConfig({
    APP_URL: server.origin,
    BETTER_AUTH_SECRET: "test-auth-secret-0123456789abcdef0123456789",
    CALLBACK_SECRET: "test-callback-secret-0123456789abcdef012345",
    WALLET_API_TOKEN: testToken,
    STORE_CREDENTIALS_KEY: "cd".repeat(32),
  });
  receive = (request, path) => receiveCallback(database.db, request, path, config);
  const { auth } = installTestRuntime(database, config);
  const admin = (await createOperatorSession(auth, { email: "charges.admin@example.com", role: "admin" })).get("cookie")!;
  requestState.headers = new Headers({ cookie: admin, origin: server.origin });
  stopWorker = wallet.startDeliveryWorker();
  runtimeConfig = config;
  const created = await createStoreAction({
    name: "Loja B",
    holderDocument: "11.222.333/0001-81",
    payerFacingName: "Loja B",
    timeZoneName: "America/Sao_Paulo",
    baseUrl: `${server.origin}/sandbox`,
    token: storeBToken,
  });
  if (!created.ok) throw new Error(`store not created: ${created.message}`);
  storeId = created.data.id;
  sessions.adminOfAll = requestState.headers;
  // A second admin to approve, and a finance operator whose role applies to the first store only (store A).
  for (const [name, role] of [
    ["approver", "admin"],
    ["financeOfA", "finance"],
    ["adminOfA", "admin"],
  ] as const) {
    const cookie = (await createOperatorSession(auth, { email: `charges.${name.toLowerCase()}@example.com`, role })).get("cookie")!;
    sessions[name] = new Headers({ cookie, origin: server.origin });
  }
  const [financeOfA] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, "charges.financeofa@example.com"));
  await replaceOperatorStoreGrants(database.db, financeOfA!.id, [FIRST_STORE_ID], "test");
  const [adminOfA] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, "charges.adminofa@example.com"));
  await replaceOperatorStoreGrants(database.db, adminOfA!.id, [FIRST_STORE_ID], "test");
});
afterAll(async () => {
  await stopWorker?.();
  await server?.close();
  await sandboxConnection?.close();
  await sandboxDatabase?.dispose();
  await database?.dispose();
});

describe("a charge for store B", () => {
  it("is made on B's sandbox account, recorded under B, and settled by the callback B's account sends", async () => {
    const charge = await createCashInAction({
      idempotencyKey: crypto.randomUUID(),
      amount: "25,00",
      payerName: "Ana Pagadora",
      payerEmail: "ana@example.com",
      payerDocument: "529.982.247-25",
      expiry: "30",
      metadata: [],
      storeId,
    });
    if (!charge.ok) throw new Error(`charge not created: ${charge.message}`);
    const [row] = await database.db.select().from(transactions).where(eq(transactions.id, charge.data.transactionId));
    expect(row).toMatchObject({ storeId, creationState: "created", status: "PENDING", amountCents: 2_500 });
    const walletId = row!.walletTransactionId!;

    const call = (path: string, token: string, method = "GET") =>
      fetch(`${server.origin}/sandbox${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    // B's account made it; the main account (the settings' wallet) does not know it.
    expect((await call(`/control/transactions/${walletId}`, storeBToken)).status).toBe(200);
    expect((await call(`/control/transactions/${walletId}`, testToken)).status).toBe(404);

    expect((await call(`/control/cash-ins/${walletId}/pay`, storeBToken, "POST")).status).toBe(200);
    const settled = await eventually("the callback to settle the charge", async () => {
      const [now] = await database.db.select().from(transactions).where(eq(transactions.id, row!.id));
      return now?.status === "SUCCEED" && now;
    });
    expect(settled).toMatchObject({ storeId, walletTransactionId: walletId });

    // Its callback log is read from B's account (the main one does not know it), for an operator of B only.
    const [delivery] = await database.db
      .select({ callbackLogId: callbackDeliveries.callbackLogId })
      .from(callbackDeliveries)
      .where(eq(callbackDeliveries.transactionId, row!.id));
    const logId = delivery!.callbackLogId!;
    const reading = await readCallbackLog({ db: database.db, config: runtimeConfig }, merchantWideScope(), logId);
    expect(reading).toMatchObject({ ok: true, log: { request: { id: walletId } } });
    expect(await readCallbackLog({ db: database.db, config: runtimeConfig }, storeScopeOfGrants([FIRST_STORE_ID]), logId)).toEqual({
      ok: false,
      notFound: true,
    });
  });

  it("refuses a store that does not exist, on its field", async () => {
    const answer = await createCashInAction({
      idempotencyKey: crypto.randomUUID(),
      amount: "1,00",
      payerName: "Ana Pagadora",
      payerEmail: "ana@example.com",
      payerDocument: "529.982.247-25",
      expiry: "30",
      metadata: [],
      storeId: "00000000-0000-4000-8000-00000000dead",
    });
    expect(answer).toMatchObject({ ok: false, fieldErrors: { storeId: ["errors.stores.unknownStoreChoice"] } });
  });
});

describe("money movements for store B go through B's wallet and are B's", () => {
  const call = (path: string, token: string) => fetch(`${server.origin}/sandbox${path}`, { headers: { authorization: `Bearer ${token}` } });
  /** The ledger row is B's, and B's sandbox account made it (the main account does not know it). */
  async function madeByStoreB(transactionId: string) {
    const [row] = await database.db.select().from(transactions).where(eq(transactions.id, transactionId));
    expect(row).toMatchObject({ storeId, creationState: "created" });
    expect((await call(`/control/transactions/${row!.walletTransactionId}`, storeBToken)).status).toBe(200);
    expect((await call(`/control/transactions/${row!.walletTransactionId}`, testToken)).status).toBe(404);
  }
  const cashOutForm = (amount: string) => ({
    idempotencyKey: crypto.randomUUID(),
    amount,
    pixKey: { type: "EMAIL" as const, key: "fornecedor@example.com" },
    metadata: [],
    storeId,
  });

  it("a quick charge, and a cash-out under the approval threshold", async () => {
    requestState.headers = sessions.adminOfAll;
    const counter = await createCounter(database.db, {
      name: "Caixa da loja B",
      defaultPayerName: "Cliente",
      defaultPayerEmail: "cliente@example.com",
      defaultPayerDocument: "52998224725",
      storeId,
    });
    // The charge is the counter's store's: no store is chosen on a quick charge.
    const charge = await createQuickChargeAction({ idempotencyKey: crypto.randomUUID(), counterId: counter!.id, amount: "12,00" });
    if (!charge.ok) throw new Error(`quick charge not created: ${charge.message}`);
    await madeByStoreB(charge.data.transactionId);

    const cashOut = await createCashOutAction(cashOutForm("10,00"));
    if (!cashOut.ok || !cashOut.data.transactionId) throw new Error(`cash-out not sent: ${JSON.stringify(cashOut)}`);
    await madeByStoreB(cashOut.data.transactionId);
  });

  it("a cash-out request: B's, refused as unknown to an operator of A, sent through B's wallet once approved", async () => {
    requestState.headers = sessions.adminOfAll;
    const asked = await createCashOutAction(cashOutForm("1.500,00"));
    if (!asked.ok || !asked.data.requestId) throw new Error(`expected a request, got ${JSON.stringify(asked)}`);
    const requestId = asked.data.requestId;
    const [request] = await database.db.select().from(cashOutRequests).where(eq(cashOutRequests.id, requestId));
    expect(request).toMatchObject({ storeId, state: "awaiting_approval" });

    requestState.headers = sessions.financeOfA;
    for (const decide of [
      () => approveCashOutRequestAction({ requestId }),
      () => rejectCashOutRequestAction({ requestId, reason: "Wrong supplier" }),
    ])
      expect(await decide()).toMatchObject({ ok: false, error: msg("errors.approvals.notFound") });
    const refusals = await database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, requestId), eq(auditEvents.outcome, "refused")));
    expect(refusals.map((event) => event.details)).toEqual([
      { reason: "store", storeId },
      { reason: "store", storeId },
    ]);

    requestState.headers = sessions.approver;
    const approved = await approveCashOutRequestAction({ requestId });
    if (!approved.ok || !approved.data.transactionId) throw new Error(`not approved: ${JSON.stringify(approved)}`);
    await madeByStoreB(approved.data.transactionId);
  });

  it("a payout batch: B's, and the batch sender sends each row through B's wallet", async () => {
    requestState.headers = sessions.adminOfAll;
    const csvText = "amount,key_type,key,reference\r\n3,00,EMAIL,a@example.com,lote-b-1\r\n4,00,EMAIL,b@example.com,lote-b-2\r\n".replace(
      /(\d),(\d\d),/g,
      '"$1,$2",',
    );
    const submitted = await submitPayoutBatchAction({ uploadKey: crypto.randomUUID(), fileName: "b.csv", csvText, storeId });
    if (!submitted.ok) throw new Error(`batch not saved: ${submitted.message}`);
    const { requestId } = submitted.data;
    requestState.headers = sessions.approver;
    expect(await approveCashOutRequestAction({ requestId })).toMatchObject({ ok: true });
    const sender = { db: database.db, config: runtimeConfig, walletOf: storeWallets(database.db, runtimeConfig) };
    while (await sendNextBatchRow(sender));
    const items = await database.db.select().from(cashOutRequestItems).where(eq(cashOutRequestItems.requestId, requestId));
    expect(items).toHaveLength(2);
    for (const item of items) await madeByStoreB(item.transactionId!);
  });

  it("a payment link: B's, and its public page charges through B's wallet", async () => {
    requestState.headers = sessions.adminOfAll;
    const created = await createPaymentLinkAction({
      name: "Doações da loja B",
      amountMode: "fixed",
      amount: "20,00",
      expiry: "30",
      storeId,
    });
    if (!created.ok) throw new Error(`link not created: ${created.message}`);
    const [link] = await database.db.select().from(paymentLinks).where(eq(paymentLinks.id, created.data.id));
    expect(link).toMatchObject({ storeId });
    const answer = await payThroughLink(
      new Request(`${server.origin}/l/${link!.slug}/pay`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.origin, "x-forwarded-for": "198.51.100.7" },
        body: JSON.stringify({
          idempotencyKey: crypto.randomUUID(),
          payerName: "Ana Pagadora",
          payerEmail: "ana@example.com",
          payerDocument: "529.982.247-25",
        }),
      }),
      { params: Promise.resolve({ slug: link!.slug }) },
    );
    expect(answer.status).toBe(201);
    const [charge] = await database.db.select().from(transactions).where(eq(transactions.paymentLinkId, link!.id));
    await madeByStoreB(charge!.id);
  });

  it("counters are a store's: one of B is unknown to an admin of A, and a charge goes up only on its own store's", async () => {
    requestState.headers = sessions.adminOfAll;
    const payer = { defaultPayerName: "Cliente", defaultPayerEmail: "cliente@example.com", defaultPayerDocument: "52998224725" };
    const counterOfB = await createCounter(database.db, { name: "Caixa 2", ...payer, storeId });
    const counterOfA = await createCounter(database.db, { name: "Caixa 2", ...payer });
    expect(counterOfA, "two stores may each have a counter of one name").toBeDefined();
    const before = await database.db.select({ id: transactions.id }).from(transactions);
    // Any operator: a charge of store A cannot go up on B's counter (refused before the wallet is asked).
    const charge = { idempotencyKey: crypto.randomUUID(), amount: "1,00", payerName: "Ana Pagadora", payerEmail: "ana@example.com" };
    expect(
      await createCashInAction({ ...charge, payerDocument: "529.982.247-25", expiry: "30", metadata: [], showOnCounterId: counterOfB!.id }),
    ).toMatchObject({ ok: false, fieldErrors: { showOnCounterId: [msg("errors.counter.otherStore")] } });

    requestState.headers = sessions.adminOfA;
    const unknownCounter = { ok: false, error: msg("errors.counter.unknown") };
    expect(await createQuickChargeAction({ idempotencyKey: crypto.randomUUID(), counterId: counterOfB!.id, amount: "1,00" })).toMatchObject(
      unknownCounter,
    );
    expect(await createPairingCodeAction({ counterId: counterOfB!.id })).toMatchObject(unknownCounter);
    expect(
      await createCashInAction({ ...charge, payerDocument: "529.982.247-25", expiry: "30", metadata: [], showOnCounterId: counterOfB!.id }),
    ).toMatchObject({ ok: false, fieldErrors: { showOnCounterId: [msg("errors.counter.unknown")] } });
    expect(await createCounterAction({ name: "Caixa 3", ...payer, storeId })).toMatchObject({
      ok: false,
      fieldErrors: { storeId: [msg("errors.stores.unknownStoreChoice")] },
    });
    expect(await database.db.select({ id: transactions.id }).from(transactions)).toHaveLength(before.length);
    const seenByA = (await listCountersWithDevices(database.db, storeScopeOfGrants([FIRST_STORE_ID]))).map((counter) => counter.id);
    expect(seenByA).toContain(counterOfA!.id);
    expect(seenByA).not.toContain(counterOfB!.id);
    // The admin of A adds a till to A; an admin of every store sees both stores' "Caixa 2".
    expect(await createCounterAction({ name: "Caixa 3", ...payer })).toMatchObject({ ok: true });
    expect((await listCounters(database.db, merchantWideScope())).filter((counter) => counter.name === "Caixa 2")).toHaveLength(2);
  });

  it("a store's own approval threshold decides B's cash-outs only", async () => {
    requestState.headers = sessions.adminOfAll;
    const policy = { approvalThreshold: "", operatorDailyLimit: "", merchantDailyLimit: "", requestLifetimeHours: "24" };
    expect(await saveApprovalPolicyAction({ ...policy, storeApprovalThresholds: { [storeId]: "5,00" } })).toMatchObject({ ok: true });
    expect(await findStoreCashOutRules(database.db, storeId)).toMatchObject({ approvalThresholdCents: 500 });
    try {
      // R$ 6,00 for B waits for a second approver (B's own threshold); the first store has none of its
      // own, so the merchant's (R$ 1.000,00 in the sandbox) stays its threshold.
      const forB = await createCashOutAction(cashOutForm("6,00"));
      if (!forB.ok) throw new Error(`B's cash-out was refused: ${JSON.stringify(forB)}`);
      expect(forB.data.requestId).toBeTruthy();
      expect(forB.data.transactionId).toBeFalsy();
      expect(await findStoreCashOutRules(database.db, FIRST_STORE_ID)).toMatchObject({ approvalThresholdCents: null });
      // Under it, B sends at once.
      const small = await createCashOutAction(cashOutForm("4,00"));
      expect(small.ok && small.data.transactionId).toBeTruthy();
    } finally {
      expect(await saveApprovalPolicyAction({ ...policy, storeApprovalThresholds: { [storeId]: "" } })).toMatchObject({ ok: true });
    }
  });

  it("a store's own daily limit counts B's sends only, beside the merchant's; an admin of A cannot set it", async () => {
    requestState.headers = sessions.adminOfAll;
    const policy = { approvalThreshold: "", operatorDailyLimit: "", merchantDailyLimit: "", requestLifetimeHours: "24" };
    const sentByB = committedOrAwaiting(await getDailyTotals(database.db, { storeId }));
    const limitOfB = sentByB + 500;
    expect(await saveApprovalPolicyAction({ ...policy, storeDailyLimits: { [storeId]: formatReaisInput(limitOfB) } })).toMatchObject({
      ok: true,
    });
    expect(await findStoreCashOutRules(database.db, storeId)).toMatchObject({ cashOutDailyLimitCents: limitOfB });
    try {
      const overB = await createCashOutAction(cashOutForm("6,00"));
      expect(overB).toMatchObject({ ok: false });
      expect(JSON.stringify(inEnglish(overB))).toContain("Loja B's total");
      // Store A has no limit of its own: the same amount keeps every limit there (this test's first
      // store has no wallet to send to, so the check itself is asked).
      const noLimits = { operatorDailyLimitCents: null, merchantDailyLimitCents: null };
      const asker = { id: "limits-test", email: "limits@example.com" };
      const check = (store: string) =>
        dailyLimitProblem(database.db, noLimits, { operator: asker, storeId: store, addCents: 600, counting: "committedOrAwaiting" });
      expect(await check(FIRST_STORE_ID)).toBeUndefined();
      expect(inEnglish(await check(storeId))).toContain("Loja B's total");
      // Within B's own limit, B sends.
      expect(await createCashOutAction(cashOutForm("4,00"))).toMatchObject({ ok: true });
      // An unknown store is refused on its own field, and nothing is saved.
      const unknown = crypto.randomUUID();
      expect(await saveApprovalPolicyAction({ ...policy, storeDailyLimits: { [unknown]: "1,00" } })).toMatchObject({
        ok: false,
        fieldErrors: { [`storeDailyLimits.${unknown}`]: [msg("errors.stores.unknownStore")] },
      });
      // The policy is the merchant's: an admin of A changes nothing.
      requestState.headers = sessions.adminOfA;
      expect(await saveApprovalPolicyAction({ ...policy, storeDailyLimits: { [storeId]: "" } })).toMatchObject({
        ok: false,
        code: "FORBIDDEN",
      });
      expect(await findStoreCashOutRules(database.db, storeId)).toMatchObject({ cashOutDailyLimitCents: limitOfB });
    } finally {
      requestState.headers = sessions.adminOfAll;
      expect(await saveApprovalPolicyAction({ ...policy, storeDailyLimits: { [storeId]: "" } })).toMatchObject({ ok: true });
    }
  });

  it("refuses an operator of A who chooses B, on the store field, and creates nothing", async () => {
    requestState.headers = sessions.financeOfA;
    const before = await database.db.select({ id: transactions.id }).from(transactions);
    const refusedOnField = { ok: false, fieldErrors: { storeId: [msg("errors.stores.unknownStoreChoice")] } };
    expect(await createCashOutAction(cashOutForm("1,00"))).toMatchObject(refusedOnField);
    expect(await createCashOutAction(cashOutForm("1.500,00"))).toMatchObject(refusedOnField);
    const csvText = 'amount,key_type,key,reference\r\n"3,00",EMAIL,a@example.com,lote-a\r\n';
    expect(await submitPayoutBatchAction({ uploadKey: crypto.randomUUID(), fileName: "a.csv", csvText, storeId })).toMatchObject(
      refusedOnField,
    );
    expect(await createPaymentLinkAction({ name: "Link", amountMode: "fixed", amount: "5,00", expiry: "30", storeId })).toMatchObject(
      refusedOnField,
    );
    expect(await database.db.select({ id: transactions.id }).from(transactions)).toHaveLength(before.length);
    const requests = await database.db
      .select({ requests: count() })
      .from(cashOutRequests)
      .where(eq(cashOutRequests.requestedByEmail, "charges.financeofa@example.com"));
    expect(requests).toEqual([{ requests: 0 }]);
    expect(await database.db.select().from(paymentLinks).where(eq(paymentLinks.name, "Link"))).toHaveLength(0);
    // No choice means the store their role applies to: the first store's (the settings' wallet, not served here).
    await createCashOutAction({ ...cashOutForm("1,00"), storeId: "" });
    const theirs = await database.db
      .select({ storeId: transactions.storeId })
      .from(transactions)
      .where(eq(transactions.createdByEmail, "charges.financeofa@example.com"));
    expect(theirs).toEqual([{ storeId: FIRST_STORE_ID }]);
  });
});
