// A cash-out whose creation call timed out (the wallet took the request and never answered) is
// settled by its own callback when that arrives: wallet id and status recorded, row created, the
// timeline and the audit log say so. A forged body on the same URL settles nothing.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as transactionCallbacks } from "@/app/api/transactions/[id]/callbacks/route";
import { GET as transactionStatus } from "@/app/api/transactions/[id]/status/route";
import { createCashOutAction } from "@/lib/actions/create-cash-out-action";
import { callbackReceiverPathPrefix } from "@/lib/vocabulary/callback-url";
import { receiveCallback, rejectedDeliveryStatus, type ReceiverPath } from "@/lib/callbacks/receive-callback";
import { auditEvents, callbackDeliveries, transactions } from "@/lib/db/schema";
import { listDeliveriesForTransaction } from "@/lib/db/queries/callback-deliveries";
import type { CashOutFormInput } from "@/lib/schemas/cash-out";
import { createWalletClient } from "@/lib/wallet/client";
import { neverAnswer, startScriptedWalletServer, type ScriptedWalletServer } from "@/lib/wallet/testing/scripted-wallet-server";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { businessCounters } from "@/test/support/business-counters";
import { serveFetchHandler, type ServedHandler } from "@/test/support/serve-fetch-handler";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";
import { testWalletClientOptions, walletUnderTest } from "@/test/support/wallet-under-test";

// Actions get the wallet client each test chose (test/support/wallet-under-test.ts).
vi.mock("@/lib/wallet/client", async (importOriginal) =>
  (await import("@/test/support/wallet-under-test")).withWalletUnderTest(await importOriginal()),
);

let database: TestDatabase;
let wallet: ScriptedWalletServer;
let receiver: ServedHandler;
let config: ReturnType<typeof installTestRuntime>["config"];

beforeAll(async () => {
  database = await openTestDatabase();
  let auth: ReturnType<typeof installTestRuntime>["auth"];
  ({ auth, config } = installTestRuntime(database));
  requestState.headers = await createOperatorSession(auth, { email: "finance@example.com", role: "finance" });
  wallet = await startScriptedWalletServer();
  wallet.answerWith(neverAnswer);
  walletUnderTest.client = createWalletClient(
    testWalletClientOptions(wallet.baseUrl, "test-wallet-token-0123456789", { timeoutMs: 2_000 }),
  );
  receiver = await serveFetchHandler((request) => {
    const [id, token] = new URL(request.url).pathname.slice(callbackReceiverPathPrefix.length).split("/");
    const path: ReceiverPath = token ? { transactionId: id!, token } : { legacySecret: id! };
    return receiveCallback(database.db, request, path, config);
  });
});
afterAll(async () => {
  await receiver.close();
  await wallet.close();
  await database.dispose();
});

function cashOutForm(): CashOutFormInput {
  return {
    idempotencyKey: crypto.randomUUID(),
    amount: "310,00",
    pixKey: { type: "EMAIL", key: "payee@example.com" },
    metadata: [],
    externalReference: `ref-${crypto.randomUUID()}`,
  };
}

/** Sends a cash-out the wallet never answers; returns its local id and the callback URL the wallet was given. */
async function timedOutCashOut() {
  const form = cashOutForm();
  const result = await createCashOutAction(form);
  expect(result).toMatchObject({ ok: false });
  const [row] = await database.db.select().from(transactions).where(eq(transactions.idempotencyKey, form.idempotencyKey));
  expect(row).toMatchObject({ creationState: "outcome_unknown", walletTransactionId: null, status: null });
  // The request reached the wallet (on a loaded machine the recording may trail the client's timeout).
  const sent = await vi.waitFor(() => {
    const request = wallet.requests.find((candidate) => candidate.body.includes(form.externalReference!));
    if (!request) throw new Error("the wallet has not received the cash-out yet");
    return JSON.parse(request.body) as { callbackUrl: string };
  });
  return { localId: row!.id, callbackUrl: sent.callbackUrl };
}

function walletCallback(walletId: string, status: string, overrides: Record<string, unknown> = {}) {
  return {
    id: walletId,
    value: 31_000,
    tax: 0,
    callbackUrl: "x",
    description: "CASHOUT",
    operation: "CASHOUT",
    status,
    metadata: {},
    externalReference: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

async function postTo(callbackUrl: string, body: unknown) {
  return fetch(`${receiver.origin}${new URL(callbackUrl).pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-callback-log-id": crypto.randomUUID() },
    body: JSON.stringify(body),
  });
}

describe("a cash-out whose creation call timed out", () => {
  it("is settled to created with the callback's wallet id and status, and the timeline and audit log say so", async () => {
    const unknownBefore = await businessCounters("cash_out", "outcome_unknown");
    const paidBefore = await businessCounters("cash_out", "paid");
    const { localId, callbackUrl } = await timedOutCashOut();
    // The business counters: one cash-out of R$ 310,00 whose outcome was unknown, then paid.
    expect(await businessCounters("cash_out", "outcome_unknown")).toEqual({
      count: unknownBefore.count + 1,
      cents: unknownBefore.cents + 31_000,
    });
    expect(callbackUrl).toContain(`${callbackReceiverPathPrefix}${localId}/`);
    const walletId = crypto.randomUUID();

    const response = await postTo(callbackUrl, walletCallback(walletId, "PENDING"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "settled" });
    const [settled] = await database.db.select().from(transactions).where(eq(transactions.id, localId));
    expect(settled).toMatchObject({ creationState: "created", walletTransactionId: walletId, status: "PENDING", failureMessage: null });

    expect(await (await postTo(callbackUrl, walletCallback(walletId, "SUCCEED"))).json()).toEqual({ received: true, outcome: "applied" });
    const [final] = await database.db.select().from(transactions).where(eq(transactions.id, localId));
    expect(final!.status).toBe("SUCCEED");
    expect(await businessCounters("cash_out", "paid")).toEqual({ count: paidBefore.count + 1, cents: paidBefore.cents + 31_000 });

    expect((await listDeliveriesForTransaction(database.db, localId)).map((entry) => entry.outcome)).toEqual(["settled", "applied"]);
    // What the transaction's page follows live: its timeline's route, and its status with the time it changed.
    const params = { params: Promise.resolve({ id: localId }) };
    const timeline = await transactionCallbacks(new Request(`http://localhost/api/transactions/${localId}/callbacks`), params);
    expect(timeline.status).toBe(200);
    const { entries } = (await timeline.json()) as { entries: Array<{ outcome: string; status: string; receivedAt: string }> };
    expect(entries.map((entry) => [entry.outcome, entry.status])).toEqual([
      ["settled", "PENDING"],
      ["applied", "SUCCEED"],
    ]);
    expect(Number.isNaN(Date.parse(entries[0]!.receivedAt))).toBe(false);
    const status = await (await transactionStatus(new Request(`http://localhost/api/transactions/${localId}/status`), params)).json();
    expect(status).toMatchObject({ status: "SUCCEED", creationState: "created", statusChangedAt: final!.statusChangedAt!.toISOString() });
    const audit = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, localId), eq(auditEvents.action, "transaction.settled_by_callback")));
    expect(audit).toEqual([
      expect.objectContaining({
        outcome: "success",
        actorEmail: null,
        details: expect.objectContaining({ walletTransactionId: walletId, status: "PENDING", previousCreationState: "outcome_unknown" }),
      }),
    ]);
  });

  it("is not settled by a body that disagrees with it: kept as rejected, the row stays unknown", async () => {
    const { localId, callbackUrl } = await timedOutCashOut();
    const response = await postTo(callbackUrl, walletCallback(crypto.randomUUID(), "SUCCEED", { value: 1 }));
    expect(response.status).toBe(rejectedDeliveryStatus);
    const [row] = await database.db.select().from(transactions).where(eq(transactions.id, localId));
    expect(row).toMatchObject({ creationState: "outcome_unknown", walletTransactionId: null, status: null });
    const stored = await database.db.select().from(callbackDeliveries).where(eq(callbackDeliveries.transactionId, localId));
    expect(stored).toEqual([expect.objectContaining({ outcome: "rejected", rejectionReason: "value: expected 31000, got 1" })]);
  });

  it("cannot take a wallet id another transaction already has", async () => {
    const first = await timedOutCashOut();
    const second = await timedOutCashOut();
    const walletId = crypto.randomUUID();
    expect((await postTo(first.callbackUrl, walletCallback(walletId, "PENDING"))).status).toBe(200);
    const response = await postTo(second.callbackUrl, walletCallback(walletId, "SUCCEED"));
    expect(response.status).toBe(rejectedDeliveryStatus);
    const [row] = await database.db.select().from(transactions).where(eq(transactions.id, second.localId));
    expect(row).toMatchObject({ creationState: "outcome_unknown", walletTransactionId: null });
  });
});
