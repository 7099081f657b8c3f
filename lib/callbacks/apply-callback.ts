// Applies one callback delivery to the ledger, in one database transaction: the delivery is
// stored whatever happens (the inbox), and the transaction's status only ever moves forward —
// PENDING to a final state, never back, never from one final state to another.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { callbackDeliveries, callbackQuarantine, transactions, type DeliveryOutcome } from "@/lib/db/schema";
import { finalWalletStatuses, type WalletStatus } from "@/lib/db/schema/transactions";
import { publishTransactionChange } from "@/lib/live/live-events";
import type { CallbackTransactionSnapshot } from "@/lib/wallet/schemas";

export const maxQuarantinedBodies = 500;

export type IncomingDelivery = {
  snapshot: CallbackTransactionSnapshot;
  body: Record<string, unknown>;
  headers: Record<string, string>;
  callbackLogId: string | null;
};

export function decideOutcome(current: WalletStatus | null, incoming: WalletStatus): DeliveryOutcome {
  if (current === incoming) return "duplicate";
  if (current !== null && finalWalletStatuses.includes(current)) return "out_of_order";
  if (incoming === "PENDING" && current !== null) return "duplicate";
  return "applied";
}

export async function applyCallbackDelivery(db: Database, delivery: IncomingDelivery): Promise<{ outcome: DeliveryOutcome; transactionId: string | null }> {
  const incoming = delivery.snapshot.status;
  return db.transaction(async (tx) => {
    // FOR UPDATE: concurrent deliveries for one transaction are applied one after the other.
    const [local] = await tx
      .select({ id: transactions.id, status: transactions.status })
      .from(transactions)
      .where(eq(transactions.walletTransactionId, delivery.snapshot.id))
      .for("update");
    const outcome: DeliveryOutcome = local ? decideOutcome(local.status, incoming) : "unmatched";
    if (local && outcome === "applied") {
      await tx.update(transactions).set({ status: incoming, statusChangedAt: new Date(), updatedAt: new Date() }).where(eq(transactions.id, local.id));
      await publishTransactionChange(tx, local.id);
    }
    await tx.insert(callbackDeliveries).values({
      walletTransactionId: delivery.snapshot.id,
      transactionId: local?.id ?? null,
      callbackLogId: delivery.callbackLogId,
      status: incoming,
      operation: delivery.snapshot.operation,
      outcome,
      body: delivery.body,
      headers: delivery.headers,
    });
    return { outcome, transactionId: local?.id ?? null };
  });
}

type DatabaseTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * A callback can outrun the wallet's answer to the creation call: it is then stored as unmatched,
 * because the local row does not know its wallet id yet. Once it does (inside the same database
 * transaction that records the wallet's answer), those deliveries are applied in arrival order.
 */
export async function applyEarlierUnmatchedDeliveries(tx: DatabaseTransaction, transactionId: string, walletTransactionId: string, createdStatus: WalletStatus): Promise<void> {
  const waiting = await tx
    .select({ id: callbackDeliveries.id, status: callbackDeliveries.status })
    .from(callbackDeliveries)
    .where(and(eq(callbackDeliveries.walletTransactionId, walletTransactionId), eq(callbackDeliveries.outcome, "unmatched")))
    .orderBy(asc(callbackDeliveries.receivedAt), asc(callbackDeliveries.id));
  let current = createdStatus;
  for (const delivery of waiting) {
    const outcome = decideOutcome(current, delivery.status as WalletStatus);
    if (outcome === "applied") current = delivery.status as WalletStatus;
    await tx.update(callbackDeliveries).set({ transactionId, outcome }).where(eq(callbackDeliveries.id, delivery.id));
  }
  if (current !== createdStatus) {
    await tx.update(transactions).set({ status: current, statusChangedAt: new Date(), updatedAt: new Date() }).where(eq(transactions.id, transactionId));
    await publishTransactionChange(tx, transactionId);
  }
}

/** Keeps a body that was not a transaction, for inspection only; the list keeps the newest few hundred. */
export async function quarantineDelivery(db: Database, entry: { reason: string; contentType: string | null; rawBody: string; headers: Record<string, string> }): Promise<void> {
  await db.insert(callbackQuarantine).values({ ...entry, rawBody: entry.rawBody.slice(0, 16_384) });
  await db.execute(
    sql`delete from ${callbackQuarantine} where ${callbackQuarantine.id} in (select ${callbackQuarantine.id} from ${callbackQuarantine} order by ${callbackQuarantine.receivedAt} desc offset ${maxQuarantinedBodies})`,
  );
}
