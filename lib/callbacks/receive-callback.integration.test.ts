// The callback receiver over real HTTP: a storm of shuffled, duplicated deliveries from many
// concurrent senders, and every kind of bad request, which must change nothing.
import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maxQuarantinedBodies } from "@/lib/callbacks/apply-callback";
import { maxCallbackBodyBytes, receiveCallback } from "@/lib/callbacks/receive-callback";
import { callbackDeliveries, callbackQuarantine, transactions } from "@/lib/db/schema";
import type { WalletStatus } from "@/lib/db/schema/transactions";
import { serveFetchHandler, type ServedHandler } from "@/test/support/serve-fetch-handler";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

const secret = "s".repeat(48);
let database: TestDatabase;
let receiver: ServedHandler;

beforeAll(async () => {
  database = await openTestDatabase();
  receiver = await serveFetchHandler((request) => {
    const givenSecret = new URL(request.url).pathname.split("/").pop() ?? "";
    return receiveCallback(database.db, request, givenSecret, secret);
  });
});
afterAll(async () => {
  await receiver.close();
  await database.dispose();
});

function snapshot(walletId: string, status: WalletStatus, operation = "CASHIN") {
  return { id: walletId, value: 1050, tax: 10.4, callbackUrl: "http://x/cb", description: "PIX", operation, status, metadata: {}, externalReference: null, createdAt: new Date().toISOString(), extraField: 1 };
}

async function post(body: string, options: { secret?: string; contentType?: string; logId?: string } = {}) {
  return fetch(`${receiver.origin}/api/callbacks/wallet/${options.secret ?? secret}`, {
    method: "POST",
    headers: { "content-type": options.contentType ?? "application/json", ...(options.logId ? { "x-callback-log-id": options.logId } : {}) },
    body,
  });
}

async function seedPendingTransactions(howMany: number): Promise<string[]> {
  const walletIds = Array.from({ length: howMany }, () => randomUUID());
  await database.db.insert(transactions).values(
    walletIds.map((walletTransactionId) => ({
      kind: "CASH_IN" as const,
      creationState: "created" as const,
      walletTransactionId,
      status: "PENDING" as const,
      amountCents: 1050,
      idempotencyKey: randomUUID(),
    })),
  );
  return walletIds;
}

async function tableCounts() {
  const [deliveries] = await database.db.select({ value: count() }).from(callbackDeliveries);
  const [quarantined] = await database.db.select({ value: count() }).from(callbackQuarantine);
  const statuses = await database.db.execute(sql`select string_agg(coalesce(status, '-'), ',' order by id) as all_statuses from transactions`);
  return { deliveries: deliveries!.value, quarantined: quarantined!.value, statuses: JSON.stringify(statuses) };
}

describe("callback receiver under load", () => {
  it("stores every delivery answered 2xx, ends every transaction in its final status, and applies nothing twice (2,000 callbacks, 50 senders)", async () => {
    const walletIds = await seedPendingTransactions(800);
    const finals: WalletStatus[] = ["SUCCEED", "CANCELED", "FAILED"];
    const expectedFinal = new Map(walletIds.map((id, index) => [id, finals[index % 3]!]));
    const unique = walletIds.flatMap((id) => [
      { id, status: "PENDING" as WalletStatus, logId: randomUUID() },
      { id, status: expectedFinal.get(id)!, logId: randomUUID() },
    ]);
    // 20% duplicates: the same delivery (same log id) sent again.
    const duplicates = unique.filter((_, index) => index % 4 === 0);
    const deliveries = fc.sample(fc.shuffledSubarray([...unique, ...duplicates], { minLength: unique.length + duplicates.length }), { numRuns: 1, seed: 42 })[0]!;
    expect(deliveries).toHaveLength(2000);

    let next = 0;
    let answered2xx = 0;
    const sender = async () => {
      while (next < deliveries.length) {
        const delivery = deliveries[next++]!;
        const response = await post(JSON.stringify(snapshot(delivery.id, delivery.status)), { logId: delivery.logId });
        if (response.ok) answered2xx++;
        await response.body?.cancel();
      }
    };
    await Promise.all(Array.from({ length: 50 }, sender));

    expect(answered2xx).toBe(2000);
    const [stored] = await database.db.select({ value: count() }).from(callbackDeliveries);
    expect(stored!.value).toBe(2000);
    const rows = await database.db.select({ walletTransactionId: transactions.walletTransactionId, status: transactions.status }).from(transactions);
    for (const row of rows) expect(row.status).toBe(expectedFinal.get(row.walletTransactionId!));
    const appliedPerTransaction = await database.db
      .select({ walletTransactionId: callbackDeliveries.walletTransactionId, applied: count() })
      .from(callbackDeliveries)
      .where(eq(callbackDeliveries.outcome, "applied"))
      .groupBy(callbackDeliveries.walletTransactionId);
    expect(appliedPerTransaction).toHaveLength(800);
    expect(appliedPerTransaction.every((row) => row.applied === 1)).toBe(true);
  });

  it("keeps a callback for an unknown transaction as unmatched, and never regresses a final state", async () => {
    const unknownId = randomUUID();
    const response = await post(JSON.stringify(snapshot(unknownId, "SUCCEED")));
    expect(await response.json()).toEqual({ received: true, outcome: "unmatched" });

    const [walletId] = await seedPendingTransactions(1);
    expect(await (await post(JSON.stringify(snapshot(walletId!, "FAILED", "CASH_OUT")))).json()).toMatchObject({ outcome: "applied" });
    expect(await (await post(JSON.stringify(snapshot(walletId!, "PENDING", "CASHOUT")))).json()).toMatchObject({ outcome: "out_of_order" });
    expect(await (await post(JSON.stringify(snapshot(walletId!, "SUCCEED", "CASHOUT")))).json()).toMatchObject({ outcome: "out_of_order" });
    const [row] = await database.db.select().from(transactions).where(eq(transactions.walletTransactionId, walletId!));
    expect(row!.status).toBe("FAILED");
  });
});

describe("callback receiver refusing bad requests", () => {
  it("answers 404 to a wrong or missing secret and stores nothing", async () => {
    const before = await tableCounts();
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 60 }).filter((candidate) => candidate !== secret && !candidate.includes("/") && !candidate.includes("?") && !candidate.includes("#")), async (wrongSecret) => {
        const response = await post(JSON.stringify(snapshot(randomUUID(), "SUCCEED")), { secret: encodeURIComponent(wrongSecret) });
        expect(response.status).toBe(404);
      }),
      { numRuns: 50 },
    );
    expect(await tableCounts()).toEqual(before);
  });

  it("answers 415 to a body that is not declared as JSON, and stores nothing", async () => {
    const before = await tableCounts();
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml"]) {
      const response = await post(JSON.stringify(snapshot(randomUUID(), "SUCCEED")), { contentType });
      expect(response.status).toBe(415);
      expect((await response.json()).error).toMatch(/JSON/);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("answers 413 to a huge body, and stores nothing", async () => {
    const before = await tableCounts();
    const response = await post(JSON.stringify({ ...snapshot(randomUUID(), "SUCCEED"), padding: "x".repeat(maxCallbackBodyBytes) }));
    expect(response.status).toBe(413);
    expect(await tableCounts()).toEqual(before);
  });

  it("answers 400 with a clear message to random bodies that are not transactions, quarantines them and applies nothing", async () => {
    const [deliveriesBefore] = await database.db.select({ value: count() }).from(callbackDeliveries);
    const statusesBefore = (await tableCounts()).statuses;
    const notATransaction = fc.oneof(
      fc.string(),
      fc.json(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.record({ id: fc.uuid(), status: fc.string(), value: fc.oneof(fc.integer(), fc.string()) }).map((value) => JSON.stringify(value)),
      fc.record({ id: fc.uuid(), value: fc.integer({ min: 1 }), operation: fc.constantFrom("CASHIN", "CASH_OUT"), status: fc.constantFrom("PAID", "pending?", "") }).map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(notATransaction, async (body) => {
        const response = await post(body);
        expect(response.status).toBe(400);
        expect((await response.json()).error).toMatch(/^The body is not (valid JSON|a transaction)/);
      }),
      { numRuns: 150 },
    );
    const [deliveriesAfter] = await database.db.select({ value: count() }).from(callbackDeliveries);
    expect(deliveriesAfter!.value).toBe(deliveriesBefore!.value);
    expect((await tableCounts()).statuses).toBe(statusesBefore);
    const [quarantined] = await database.db.select({ value: count() }).from(callbackQuarantine);
    expect(quarantined!.value).toBeGreaterThan(0);
    expect(quarantined!.value).toBeLessThanOrEqual(maxQuarantinedBodies);
  });
});
