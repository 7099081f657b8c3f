// A storm of wallet callbacks against the real receiver over HTTP, shared by the integration test
// (a small storm) and the load benchmark (scripts/benchmark-callback-storm.ts, 2,000 callbacks):
// `transactions` pending cash-ins, each sent PENDING then its final status (SUCCEED, CANCELED or
// FAILED in turn), a quarter of the deliveries sent twice (same log id), all shuffled with a fixed
// seed and posted by `senders` concurrent senders to per-transaction URLs. It answers what went
// wrong, if anything, rather than asserting: the caller decides how to fail.
import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { transactionCallbackUrl } from "@/lib/callbacks/callback-url";
import { callbackReceiverPathPrefix } from "@/lib/vocabulary/callback-url";
import { receiveCallback } from "@/lib/callbacks/receive-callback";
import type { Database } from "@/lib/db/client";
import { callbackDeliveries, transactions } from "@/lib/db/schema";
import type { WalletStatus } from "@/lib/vocabulary/transaction-statuses";
import { serveFetchHandler } from "@/test/support/serve-fetch-handler";

const config = { appUrl: "http://127.0.0.1", callbackSecret: "s".repeat(48) };

export async function runCallbackStorm(
  db: Database,
  options: { transactions: number; senders: number },
): Promise<{ deliveries: number; problems: string[] }> {
  const seeded = await db
    .insert(transactions)
    .values(
      Array.from({ length: options.transactions }, () => ({
        kind: "CASH_IN" as const,
        creationState: "created" as const,
        walletTransactionId: randomUUID(),
        status: "PENDING" as const,
        amountCents: 1050,
        payerDocument: "52998224725",
        idempotencyKey: randomUUID(),
      })),
    )
    .returning({ localId: transactions.id, walletId: transactions.walletTransactionId });
  const finals: WalletStatus[] = ["SUCCEED", "CANCELED", "FAILED"];
  const expectedFinal = new Map(seeded.map((row, index) => [row.walletId!, finals[index % 3]!]));
  const unique = seeded.flatMap((row) => [
    { row, status: "PENDING" as WalletStatus, logId: randomUUID() },
    { row, status: expectedFinal.get(row.walletId!)!, logId: randomUUID() },
  ]);
  // 20% duplicates: the same delivery (same log id) sent again.
  const duplicates = unique.filter((_, index) => index % 4 === 0);
  const deliveries = fc.sample(fc.shuffledSubarray([...unique, ...duplicates], { minLength: unique.length + duplicates.length }), {
    numRuns: 1,
    seed: 42,
  })[0]!;

  const receiver = await serveFetchHandler((request) => {
    const [transactionId, token] = new URL(request.url).pathname.slice(callbackReceiverPathPrefix.length).split("/");
    return receiveCallback(db, request, { transactionId: transactionId!, token: token! }, config);
  });
  let next = 0;
  let answered2xx = 0;
  try {
    const sender = async () => {
      while (next < deliveries.length) {
        const delivery = deliveries[next++]!;
        const body = {
          id: delivery.row.walletId,
          value: 1050,
          tax: 10.4,
          callbackUrl: "http://x/cb",
          description: "PIX",
          operation: "CASHIN",
          status: delivery.status,
          metadata: {},
          externalReference: null,
          createdAt: new Date().toISOString(),
          payer: { name: "Ana", email: "ana@example.com", document: "529.982.247-25" },
        };
        const response = await fetch(`${receiver.origin}${new URL(transactionCallbackUrl(config, delivery.row.localId)).pathname}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-callback-log-id": delivery.logId },
          body: JSON.stringify(body),
        });
        if (response.ok) answered2xx++;
        await response.body?.cancel();
      }
    };
    await Promise.all(Array.from({ length: options.senders }, sender));
  } finally {
    await receiver.close();
  }

  const problems: string[] = [];
  if (answered2xx !== deliveries.length) problems.push(`${answered2xx} of ${deliveries.length} deliveries answered 2xx`);
  const [stored] = await db.select({ value: count() }).from(callbackDeliveries);
  if (stored!.value !== deliveries.length) problems.push(`${stored!.value} of ${deliveries.length} deliveries stored`);
  const rows = await db.select({ walletId: transactions.walletTransactionId, status: transactions.status }).from(transactions);
  const wrong = rows.filter((row) => expectedFinal.has(row.walletId!) && row.status !== expectedFinal.get(row.walletId!));
  if (wrong.length) problems.push(`${wrong.length} transactions not in their final status`);
  const applied = await db
    .select({ walletId: callbackDeliveries.walletTransactionId, applied: count() })
    .from(callbackDeliveries)
    .where(eq(callbackDeliveries.outcome, "applied"))
    .groupBy(callbackDeliveries.walletTransactionId);
  if (applied.length !== seeded.length) problems.push(`${applied.length} of ${seeded.length} transactions had a delivery applied`);
  const twice = applied.filter((row) => row.applied !== 1);
  if (twice.length) problems.push(`${twice.length} transactions had more than one delivery applied`);
  return { deliveries: deliveries.length, problems };
}
