// The wallet's answer to a creation and the transaction's own callbacks, in either order: a
// callback that outruns the answer settles the row, is applied exactly once, and the answer that
// comes after it never moves the status back.
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyCallbackDelivery } from "@/lib/callbacks/apply-callback";
import { transactionCallbackUrl } from "@/lib/callbacks/callback-url";
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
  return {
    id,
    value: 500,
    tax: 50,
    callbackUrl: "http://localhost/cb",
    description: "created",
    operation: "CASH_OUT" as const,
    status: "PENDING" as const,
    metadata: {},
    externalReference: null,
    createdAt: new Date().toISOString(),
  };
}

async function claimCashOut() {
  const [local] = await database.db
    .insert(transactions)
    .values({ kind: "CASH_OUT", amountCents: 500, idempotencyKey: randomUUID() })
    .returning({ id: transactions.id });
  return local!.id;
}

async function deliver(transactionId: string, walletId: string, status: "PENDING" | "SUCCEED" | "FAILED") {
  return applyCallbackDelivery(
    database.db,
    { kind: "transaction", transactionId },
    { snapshot: { ...walletAnswer(walletId), status }, body: { id: walletId, status }, headers: {}, callbackLogId: randomUUID() },
  );
}

const effectiveOutcomes = ["applied", "settled"] as const;

describe("a callback that arrives before the wallet's answer to the creation", () => {
  it("settles the row, is applied exactly once, and the later answer does not move the status back", async () => {
    const localId = await claimCashOut();
    const walletId = randomUUID();
    expect((await deliver(localId, walletId, "SUCCEED")).outcome).toBe("settled");
    expect((await deliver(localId, walletId, "PENDING")).outcome).toBe("out_of_order");

    await recordWalletCreation(database.db, testConfig(), localId, walletAnswer(walletId));

    const [row] = await database.db.select().from(transactions).where(eq(transactions.id, localId));
    expect(row).toMatchObject({ creationState: "created", walletTransactionId: walletId, status: "SUCCEED", walletDescription: "created" });
    expect(row!.walletResponse).toMatchObject({ id: walletId, status: "PENDING" });
    const deliveries = await database.db
      .select()
      .from(callbackDeliveries)
      .where(eq(callbackDeliveries.transactionId, localId))
      .orderBy(callbackDeliveries.receivedAt);
    expect(deliveries.map((delivery) => [delivery.status, delivery.outcome])).toEqual([
      ["SUCCEED", "settled"],
      ["PENDING", "out_of_order"],
    ]);
    expect((await deliver(localId, walletId, "FAILED")).outcome).toBe("out_of_order");
  });

  it("racing the answer for real (40 creations, callback and answer sent at the same time): one effective delivery each, final status kept", async () => {
    const pairs = await Promise.all(Array.from({ length: 40 }, async () => ({ localId: await claimCashOut(), walletId: randomUUID() })));
    await Promise.all(
      pairs.flatMap(({ localId, walletId }) => [
        deliver(localId, walletId, "SUCCEED"),
        recordWalletCreation(database.db, testConfig(), localId, walletAnswer(walletId)),
      ]),
    );

    const rows = await database.db
      .select()
      .from(transactions)
      .where(
        inArray(
          transactions.id,
          pairs.map((pair) => pair.localId),
        ),
      );
    for (const { localId, walletId } of pairs) {
      expect(rows.find((row) => row.id === localId)).toMatchObject({
        creationState: "created",
        walletTransactionId: walletId,
        status: "SUCCEED",
      });
    }
    const effective = await database.db
      .select()
      .from(callbackDeliveries)
      .where(
        inArray(
          callbackDeliveries.transactionId,
          pairs.map((pair) => pair.localId),
        ),
      );
    expect(effective).toHaveLength(40);
    expect(effective.every((delivery) => (effectiveOutcomes as readonly string[]).includes(delivery.outcome))).toBe(true);
  });
});

describe("the stored answer", () => {
  it("keeps the transaction's callback URL (it carries its token) and the QR image and code (kept in their columns) out of it", async () => {
    const config = testConfig();
    const [local] = await database.db
      .insert(transactions)
      .values({ kind: "CASH_IN", amountCents: 500, idempotencyKey: randomUUID() })
      .returning({ id: transactions.id });
    const walletId = randomUUID();
    const url = transactionCallbackUrl(config, local!.id);
    const image = `data:image/png;base64,${"A".repeat(4000)}`;
    await recordWalletCreation(
      database.db,
      config,
      local!.id,
      {
        ...walletAnswer(walletId),
        operation: "CASH_IN",
        callbackUrl: url,
        qrcodeImage: image,
        codeCopyPaste: "000201...",
        payer: { name: "A", email: "a@b.co", document: "52998224725" },
      },
      { qrcodeImage: image, codeCopyPaste: "000201..." },
    );
    const [row] = await database.db.select().from(transactions).where(eq(transactions.id, local!.id));
    const stored = JSON.stringify(row!.walletResponse);
    expect(stored).not.toContain(url.split("/").pop()!);
    expect(stored).not.toContain(config.callbackSecret);
    expect(stored).not.toContain("AAAA");
    expect(row!.qrcodeImage).toBe(image);
  });
});
