// The journeys' sandbox actions called directly, against the real sandbox wallet over HTTP:
// simulating a payment on a charge that is already final answers its status (never the wallet's
// raw refusal), QA's status controls check role, kind and sandbox and are audited, and a resend to
// a new URL reports that URL and the callback log the wallet wrote for it.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { changeSandboxStatusAction } from "@/lib/actions/change-sandbox-status-action";
import { resendCallbackAction } from "@/lib/actions/resend-callback-action";
import { simulatePaymentAction } from "@/lib/actions/simulate-payment-action";
import { parseConfig } from "@/lib/config";
import { auditEvents, transactions } from "@/lib/db/schema";
import { createWalletClient, type WalletClient } from "@/lib/wallet/client";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import {
  eventually,
  type RunningSandboxWallet,
  startCallbackReceiver,
  startSandboxWallet,
  testToken,
  type CallbackReceiver,
} from "@/test/support/sandbox-wallet";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { testWalletClientOptions, walletUnderTest } from "@/test/support/wallet-under-test";

// Actions get the wallet client each test chose (test/support/wallet-under-test.ts).
vi.mock("@/lib/wallet/client", async (importOriginal) =>
  (await import("@/test/support/wallet-under-test")).withWalletUnderTest(await importOriginal()),
);

let database: TestDatabase;
let sandbox: RunningSandboxWallet;
let receiver: CallbackReceiver;
let wallet: WalletClient;
const sessions = {} as Record<"finance" | "qa", Headers>;

beforeAll(async () => {
  database = await openTestDatabase();
  // The test receiver listens on 127.0.0.1, which the outbound guard refuses unless allowed.
  const config = parseConfig({
    APP_URL: "http://localhost:3999",
    BETTER_AUTH_SECRET: "test-auth-secret-0123456789abcdef0123456789",
    CALLBACK_SECRET: "test-callback-secret-0123456789abcdef012345",
    WALLET_API_TOKEN: "test-wallet-token-0123456789",
    OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "true",
  });
  const { auth } = installTestRuntime(database, config);
  for (const role of ["finance", "qa"] as const) sessions[role] = await createOperatorSession(auth, { email: `${role}@example.com`, role });
  sandbox = await startSandboxWallet();
  receiver = await startCallbackReceiver();
  wallet = createWalletClient(testWalletClientOptions(sandbox.baseUrl, testToken));
  walletUnderTest.client = wallet;
});

afterAll(async () => {
  await receiver?.close();
  await sandbox?.close();
  await database?.dispose();
});

afterEach(() => {
  requestState.headers = new Headers();
});

/** A transaction at the sandbox and its local ledger row (as the creation actions leave them). */
async function seed(kind: "CASH_IN" | "CASH_OUT") {
  const atWallet =
    kind === "CASH_IN"
      ? await wallet.createCashIn({
          value: 4_200,
          callbackUrl: receiver.url("/own"),
          payer: { name: "Paulo Pagador", email: "paulo@example.com", document: "52998224725" },
          expireInMinutes: 30,
        })
      : await wallet.createCashOut({
          value: 1_500,
          callbackUrl: receiver.url("/own"),
          pixDestinyType: "EMAIL",
          pixDestinyKey: "ana@example.com",
        });
  const [row] = await database.db
    .insert(transactions)
    .values({
      kind,
      creationState: "created",
      walletTransactionId: atWallet.id,
      status: "PENDING",
      amountCents: atWallet.value,
      idempotencyKey: randomUUID(),
      isSandbox: true,
    })
    .returning({ id: transactions.id });
  return { localId: row!.id, walletId: atWallet.id };
}

const auditOf = (transactionId: string, action: string) =>
  database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetId, transactionId), eq(auditEvents.action, action)));

describe("simulating a payment", () => {
  it("pays a pending charge, and on a charge already paid answers its current status instead of the wallet's refusal", async () => {
    const charge = await seed("CASH_IN");
    requestState.headers = sessions.finance;
    expect(await simulatePaymentAction({ transactionId: charge.localId })).toEqual({ ok: true, data: { outcome: "paid" } });
    // The ledger may still say PENDING (its callback has not arrived): the wallet's status is the answer.
    expect(await simulatePaymentAction({ transactionId: charge.localId })).toEqual({
      ok: true,
      data: { outcome: "already_final", status: "SUCCEED" },
    });
    const audited = await auditOf(charge.localId, "sandbox.simulate_payment");
    expect(audited.map((event) => event.outcome).sort()).toEqual(["failure", "success"]);
  });
});

describe("QA's sandbox status controls", () => {
  it("refuses finance operators (audited) and a change that does not fit the transaction's kind", async () => {
    const cashOut = await seed("CASH_OUT");
    requestState.headers = sessions.finance;
    expect(await changeSandboxStatusAction({ transactionId: cashOut.localId, change: "failCashOut" })).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
    });
    const refused = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "sandbox.change_status"), eq(auditEvents.outcome, "refused")));
    expect(refused).toHaveLength(1);
    requestState.headers = sessions.qa;
    expect(await changeSandboxStatusAction({ transactionId: cashOut.localId, change: "expireCashIn" })).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
    });
    expect(await changeSandboxStatusAction({ transactionId: cashOut.localId, change: "explode" as never })).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
    });
    expect((await wallet.sandbox.readTransaction(cashOut.walletId)).status).toBe("PENDING");
  });

  it("fails a cash-out and expires a charge now, audited, and says when the wallet already had a final status", async () => {
    requestState.headers = sessions.qa;
    const cashOut = await seed("CASH_OUT");
    expect(await changeSandboxStatusAction({ transactionId: cashOut.localId, change: "failCashOut" })).toEqual({
      ok: true,
      data: { outcome: "changed", status: "FAILED" },
    });
    expect(await changeSandboxStatusAction({ transactionId: cashOut.localId, change: "settleCashOut" })).toEqual({
      ok: true,
      data: { outcome: "already_final", status: "FAILED" },
    });
    const audited = await auditOf(cashOut.localId, "sandbox.change_status");
    expect(audited).toHaveLength(2);
    expect(audited.find((event) => event.outcome === "success")?.details).toMatchObject({ change: "failCashOut", walletStatus: "FAILED" });
    // The wallet's callback carries the reason the cash-out page shows.
    const failed = await eventually("the failure callback", () =>
      receiver.received.find((callback) => callback.body.id === cashOut.walletId && callback.body.status === "FAILED"),
    );
    expect(failed.body.description).toMatch(/REFUSED/);

    const charge = await seed("CASH_IN");
    expect(await changeSandboxStatusAction({ transactionId: charge.localId, change: "expireCashIn" })).toEqual({
      ok: true,
      data: { outcome: "changed", status: "CANCELED" },
    });
  });
});

describe("resending a callback", () => {
  it("to a new URL says so, and names the callback log the wallet wrote for that delivery", async () => {
    const cashOut = await seed("CASH_OUT");
    requestState.headers = sessions.qa;
    const newCallbackUrl = receiver.url("/qa-hook");
    const result = await resendCallbackAction({ walletTransactionId: cashOut.walletId, newCallbackUrl });
    expect(result).toMatchObject({ ok: true, data: { sentTo: "new_url", newCallbackUrl, logLookup: "found" } });
    const delivered = await eventually("the resent callback", () => receiver.received.find((callback) => callback.path === "/qa-hook"));
    expect(result.ok && result.data.callbackLogId).toBe(delivered.logId);
  });

  it("to the transaction's own URL says that instead", async () => {
    const cashOut = await seed("CASH_OUT");
    requestState.headers = sessions.qa;
    const result = await resendCallbackAction({ walletTransactionId: cashOut.walletId });
    expect(result).toMatchObject({ ok: true, data: { sentTo: "own_url", newCallbackUrl: null, logLookup: "found" } });
    expect(result.ok && result.data.callbackLogId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
