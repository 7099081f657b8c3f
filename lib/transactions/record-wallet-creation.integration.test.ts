import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyCallbackDelivery } from "@/lib/callbacks/apply-callback";
import { callbackDeliveries, transactions } from "@/lib/db/schema";
import { recordWalletCreation } from "@/lib/transactions/record-wallet-creation";
import { testConfig } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

function walletAnswer(id: string) {
  return { id, value: 500, tax: 50, callbackUrl: "http://localhost/cb", description: "created", operation: "CASH_OUT" as const, status: "PENDING" as const, metadata: {}, externalReference: null, createdAt: new Date().toISOString() };
}

async function deliver(walletId: string, status: "PENDING" | "SUCCEED" | "FAILED") {
  return applyCallbackDelivery(database.db, { snapshot: { ...walletAnswer(walletId), status }, body: { id: walletId, status }, headers: {}, callbackLogId: randomUUID() });
}

describe("recording the wallet's answer to a creation", () => {
  it("applies callbacks that arrived before the answer, in arrival order, and never lets a final state regress", async () => {
    const [local] = await database.db.insert(transactions).values({ kind: "CASH_OUT", amountCents: 500, idempotencyKey: randomUUID() }).returning({ id: transactions.id });
    const walletId = randomUUID();
    expect((await deliver(walletId, "SUCCEED")).outcome).toBe("unmatched");
    expect((await deliver(walletId, "PENDING")).outcome).toBe("unmatched");

    await recordWalletCreation(database.db, testConfig(), local!.id, walletAnswer(walletId));

    const [row] = await database.db.select().from(transactions).where(eq(transactions.id, local!.id));
    expect(row).toMatchObject({ creationState: "created", walletTransactionId: walletId, status: "SUCCEED" });
    const deliveries = await database.db.select().from(callbackDeliveries).where(eq(callbackDeliveries.walletTransactionId, walletId)).orderBy(callbackDeliveries.receivedAt);
    expect(deliveries.map((delivery) => [delivery.status, delivery.outcome, delivery.transactionId])).toEqual([
      ["SUCCEED", "applied", local!.id],
      ["PENDING", "out_of_order", local!.id],
    ]);
    // Later deliveries find the row directly.
    expect((await deliver(walletId, "FAILED")).outcome).toBe("out_of_order");
  });

  it("keeps the dashboard's secret callback URL out of the stored answer", async () => {
    const config = testConfig();
    const [local] = await database.db.insert(transactions).values({ kind: "CASH_OUT", amountCents: 500, idempotencyKey: randomUUID() }).returning({ id: transactions.id });
    const walletId = randomUUID();
    await recordWalletCreation(database.db, config, local!.id, { ...walletAnswer(walletId), callbackUrl: `${config.appUrl}/api/callbacks/wallet/${config.callbackSecret}` });
    const [row] = await database.db.select().from(transactions).where(eq(transactions.id, local!.id));
    expect(JSON.stringify(row!.walletResponse)).not.toContain(config.callbackSecret);
  });
});
