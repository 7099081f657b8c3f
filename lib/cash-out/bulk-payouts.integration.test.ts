// Bulk payouts from a CSV, through the server actions and the batch sender, against the real
// sandbox wallet over HTTP: bad rows are reported by line and nothing is saved; an approved batch
// is sent row by row exactly once even when the sender is restarted mid-batch and two senders
// (two app instances) share the work; the results CSV says what the ledger says.
import { merchantWideScope } from "@/lib/vocabulary/store-scope";
import { inEnglish } from "@/test/support/in-english";
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { approveCashOutRequestAction } from "@/lib/actions/approve-cash-out-request-action";
import { checkPayoutCsvAction } from "@/lib/actions/check-payout-csv-action";
import { submitPayoutBatchAction } from "@/lib/actions/submit-payout-batch-action";
import { sendNextBatchRow, startBatchSender } from "@/lib/cash-out/batch-sender";
import { payoutResultsColumns, payoutResultsCsv } from "@/lib/cash-out/results-csv";
import { saveApprovalPolicy } from "@/lib/db/queries/approval-policy";
import { findCashOutRequest, getBatchProgress, listCashOutRequestRows } from "@/lib/db/queries/cash-out-requests";
import { cashOutRequests, transactions } from "@/lib/db/schema";
import { transactions as sandboxTransactions } from "@/lib/sandbox-wallet/schema";
import { createWalletClient } from "@/lib/wallet/client";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { parseCsv } from "@/test/support/parse-csv";
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
const sessions = {} as Record<"asker" | "approver", Headers>;
/** Cash-out requests that reached the wallet, by external reference. */
const sentReferences: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  let auth: ReturnType<typeof installTestRuntime>["auth"];
  ({ auth, config } = installTestRuntime(database));
  for (const name of ["asker", "approver"] as const)
    sessions[name] = await createOperatorSession(auth, { email: `${name}@example.com`, role: "finance" });
  sandbox = await startSandboxWallet({ startWorker: false });
  const countingFetch: typeof fetch = async (url, init) => {
    if (String(url).endsWith("/api/v1/wallets/out")) sentReferences.push(JSON.parse(String(init?.body)).externalReference);
    return fetch(url, init);
  };
  walletUnderTest.client = createWalletClient(testWalletClientOptions(sandbox.baseUrl, testToken, { fetch: countingFetch }));
  await saveApprovalPolicy(
    database.db,
    { approvalThresholdCents: null, operatorDailyLimitCents: null, merchantDailyLimitCents: null, requestLifetimeMinutes: 1440 },
    null,
  );
});

afterAll(async () => {
  await sandbox?.close();
  await database?.dispose();
});

/** A payouts file of `count` rows (header on line 1, row i on line i + 2), with some rows replaced. */
function payoutsCsv(prefix: string, count: number, replace: Record<number, string> = {}): string {
  const lines = ["amount;key_type;key;reference;description"];
  for (let index = 0; index < count; index += 1) {
    lines.push(
      replace[index + 2] ??
        `${10 + index},${String(index % 100).padStart(2, "0")};EMAIL;supplier${index}@example.com;${prefix}-${index};invoice ${index}`,
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("bulk payouts from a CSV", () => {
  it("shows exactly the 3 bad rows of a 200-row file with their line numbers, and saves nothing", async () => {
    const csvText = payoutsCsv("bad", 200, {
      17: "12,345;EMAIL;someone@example.com;r-17;",
      88: "50,00;PIX;someone@example.com;r-88;",
      190: "50,00;PHONE;12345;r-190;",
    });
    requestState.headers = sessions.asker;
    const checked = await checkPayoutCsvAction({ uploadKey: crypto.randomUUID(), fileName: "bad.csv", csvText });
    expect(inEnglish(checked)).toEqual({
      ok: true,
      data: {
        valid: false,
        fileError: null,
        problems: [
          { line: 17, field: "amount", message: "Use at most 2 decimal places (centavos), like 10,50." },
          { line: 88, field: "key_type", message: "Key type must be one of EMAIL, PHONE, DOCUMENT, RANDOM." },
          { line: 190, field: "key", message: expect.any(String) },
        ],
      },
    });
    const uploadKey = crypto.randomUUID();
    const submitted = await submitPayoutBatchAction({ uploadKey, fileName: "bad.csv", csvText });
    expect(submitted).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    expect(await database.db.select().from(cashOutRequests).where(eq(cashOutRequests.idempotencyKey, uploadKey))).toEqual([]);
  });

  it("reviews a good file: count, total, per key type, and the same key and amount twice flagged", async () => {
    const csvText =
      'amount,key_type,key,reference\r\n"1.000,00",EMAIL,a@example.com,r1\r\n"1.000,00",email,A@Example.com,r2\r\n5,00,RANDOM,123e4567-e89b-12d3-a456-426614174000,r3\r\n'.replace(
        "5,00,RANDOM",
        '"5,00",RANDOM',
      );
    requestState.headers = sessions.asker;
    const checked = await checkPayoutCsvAction({ uploadKey: crypto.randomUUID(), fileName: "ok.csv", csvText });
    expect(checked).toMatchObject({
      ok: true,
      data: {
        valid: true,
        summary: {
          count: 3,
          totalCents: 200_500,
          byKeyType: [
            { type: "EMAIL", count: 2, totalCents: 200_000 },
            { type: "RANDOM", count: 1, totalCents: 500 },
          ],
          duplicates: [{ lines: [2, 3], pixKeyType: "EMAIL", pixKey: "a@example.com", amountCents: 100_000 }],
        },
      },
    });
  });

  // Rows enough for a restart a third of the way and two senders sharing the rest (200 took 15 s of
  // CI's lane for the same property).
  const batchRows = 90;
  it("sends an approved batch (90 rows) exactly once per row across a sender restart and two instances, and the results CSV matches the ledger", async () => {
    const prefix = `batch-${crypto.randomUUID().slice(0, 8)}`;
    const csvText = payoutsCsv(prefix, batchRows);
    requestState.headers = sessions.asker;
    const submitted = await submitPayoutBatchAction({ uploadKey: crypto.randomUUID(), fileName: "suppliers.csv", csvText });
    if (!submitted.ok) throw new Error(submitted.error);
    const { requestId } = submitted.data;
    const dependencies = { db: database.db, config, walletOf: async () => walletUnderTest.client! };

    // Nothing is sent before approval, even with a sender running.
    const early = startBatchSender(dependencies, { pollIntervalMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await early.stop();
    expect(sentReferences.filter((reference) => reference.startsWith(prefix))).toEqual([]);

    requestState.headers = sessions.approver;
    expect(await approveCashOutRequestAction({ requestId })).toEqual({
      ok: true,
      data: { requestId, transactionId: null, sendError: null },
    });

    // First process: stopped (restarted) once a third of the rows are sent.
    const first = startBatchSender(dependencies, { pollIntervalMs: 10 });
    await waitFor(async () => (await getBatchProgress(database.db, requestId)).claimed >= batchRows / 3);
    await first.stop();
    const afterStop = await getBatchProgress(database.db, requestId);
    expect(afterStop.claimed).toBeLessThan(batchRows);
    expect(afterStop.inFlight).toBe(0);

    // After the restart two instances share the rest.
    const [second, third] = [
      startBatchSender(dependencies, { pollIntervalMs: 10 }),
      startBatchSender(dependencies, { pollIntervalMs: 10 }),
    ];
    await waitFor(async () => (await getBatchProgress(database.db, requestId)).created === batchRows);
    await Promise.all([second.stop(), third.stop()]);

    const sent = sentReferences.filter((reference) => reference.startsWith(prefix));
    expect(sent).toHaveLength(batchRows);
    expect(new Set(sent).size).toBe(batchRows);
    expect(
      await sandbox.connection.db
        .select()
        .from(sandboxTransactions)
        .where(like(sandboxTransactions.externalReference, `${prefix}-%`)),
    ).toHaveLength(batchRows);

    // The results CSV: one line per file row, each with the ledger's wallet id and status.
    const request = (await findCashOutRequest(database.db, merchantWideScope(), requestId))!;
    const rows = await listCashOutRequestRows(database.db, requestId);
    const [header, ...lines] = parseCsv(payoutResultsCsv(request, rows).replace(/^\uFEFF/, ""));
    expect(header).toEqual([...payoutResultsColumns]);
    expect(lines).toHaveLength(batchRows);
    const ledger = await database.db.select().from(transactions).where(inArray(transactions.externalReference, sent));
    const ledgerByReference = new Map(ledger.map((row) => [row.externalReference, row]));
    lines.forEach((line, index) => {
      const [lineNumber, amount, keyType, key, reference, result, walletId, walletStatus, error] = line;
      const row = ledgerByReference.get(reference!)!;
      expect({ lineNumber, amount, keyType, key, result, walletId, walletStatus, error }).toEqual({
        lineNumber: String(index + 2),
        amount: (row.amountCents / 100).toFixed(2),
        keyType: "EMAIL",
        key: `supplier${index}@example.com`,
        result: "sent",
        walletId: row.walletTransactionId,
        walletStatus: row.status,
        error: "",
      });
    });
  }, 120_000);

  it("records a batch row as outcome unknown when the wallet sends it but its answer is late, reset or a gateway 502, and never sends that row again", async () => {
    const prefix = `unsure-${crypto.randomUUID().slice(0, 8)}`;
    requestState.headers = sessions.asker;
    const submitted = await submitPayoutBatchAction({
      uploadKey: crypto.randomUUID(),
      fileName: "three.csv",
      csvText: payoutsCsv(prefix, 3),
    });
    if (!submitted.ok) throw new Error(submitted.error);
    const { requestId } = submitted.data;
    requestState.headers = sessions.approver;
    expect(await approveCashOutRequestAction({ requestId })).toMatchObject({ ok: true });

    const modes = [{ delayMs: 1_500 }, { reset: true }, { gatewayError: true }] as const;
    const proxies = [];
    try {
      for (const mode of modes) {
        const proxy = await startSlowWalletProxy(sandbox.baseUrl, mode);
        proxies.push(proxy);
        const wallet = createWalletClient(testWalletClientOptions(proxy.baseUrl, testToken, { timeoutMs: 300 }));
        expect(await sendNextBatchRow({ db: database.db, config, walletOf: async () => wallet })).toBe(true);
        await proxy.waitForForwarded("/api/v1/wallets/out", 1);
      }
      // Every row reached the wallet once and is "outcome unknown" in the ledger, none "rejected".
      const rows = await database.db
        .select()
        .from(transactions)
        .where(like(transactions.externalReference, `${prefix}-%`));
      expect(rows.map((row) => row.creationState)).toEqual(["outcome_unknown", "outcome_unknown", "outcome_unknown"]);
      // The sender has nothing left to send: no row is sent a second time, whatever wallet it has.
      const wallet = createWalletClient(testWalletClientOptions(proxies[0]!.baseUrl, testToken, { timeoutMs: 300 }));
      expect(await sendNextBatchRow({ db: database.db, config, walletOf: async () => wallet })).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(proxies.map((proxy) => proxy.forwarded.length)).toEqual([1, 1, 1]);
      const atWallet = await sandbox.connection.db
        .select({ reference: sandboxTransactions.externalReference })
        .from(sandboxTransactions)
        .where(like(sandboxTransactions.externalReference, `${prefix}-%`));
      expect(atWallet.map((row) => row.reference).sort()).toEqual([`${prefix}-0`, `${prefix}-1`, `${prefix}-2`]);
    } finally {
      for (const proxy of proxies) await proxy.close();
    }
  });

  it("refuses to approve a batch whose total breaks the merchant's daily limit, sending nothing", async () => {
    const prefix = `limit-${crypto.randomUUID().slice(0, 8)}`;
    requestState.headers = sessions.asker;
    const submitted = await submitPayoutBatchAction({
      uploadKey: crypto.randomUUID(),
      fileName: "big.csv",
      csvText: payoutsCsv(prefix, 3),
    });
    if (!submitted.ok) throw new Error(submitted.error);
    await saveApprovalPolicy(
      database.db,
      { approvalThresholdCents: null, operatorDailyLimitCents: null, merchantDailyLimitCents: 1, requestLifetimeMinutes: 1440 },
      null,
    );
    requestState.headers = sessions.approver;
    const refused = await approveCashOutRequestAction({ requestId: submitted.data.requestId });
    expect(inEnglish(refused)).toMatchObject({
      ok: false,
      code: "FAILED",
      error: expect.stringMatching(/^Over the daily limit: R\$\s33,03 more would bring the merchant's total/),
    });
    expect((await findCashOutRequest(database.db, merchantWideScope(), submitted.data.requestId))!.state).toBe("awaiting_approval");
    expect(sentReferences.filter((reference) => reference.startsWith(prefix))).toEqual([]);
  });
});
