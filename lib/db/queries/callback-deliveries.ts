// Reads of the callback inbox: one transaction's timeline, and the newest deliveries.
import { and, asc, desc, eq, gte, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { callbackDeliveries, transactions } from "@/lib/db/schema";

export function listDeliveriesForTransaction(db: Database, transactionId: string) {
  return db
    .select({ id: callbackDeliveries.id, receivedAt: callbackDeliveries.receivedAt, status: callbackDeliveries.status, callbackLogId: callbackDeliveries.callbackLogId, outcome: callbackDeliveries.outcome })
    .from(callbackDeliveries)
    .where(eq(callbackDeliveries.transactionId, transactionId))
    .orderBy(asc(callbackDeliveries.receivedAt), asc(callbackDeliveries.id));
}

export function listRecentDeliveries(db: Database, filters: { status?: string; since?: Date; limit?: number }) {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(callbackDeliveries.status, filters.status));
  if (filters.since) conditions.push(gte(callbackDeliveries.receivedAt, filters.since));
  return db
    .select({
      id: callbackDeliveries.id,
      receivedAt: callbackDeliveries.receivedAt,
      status: callbackDeliveries.status,
      callbackLogId: callbackDeliveries.callbackLogId,
      outcome: callbackDeliveries.outcome,
      walletTransactionId: callbackDeliveries.walletTransactionId,
      transactionId: callbackDeliveries.transactionId,
    })
    .from(callbackDeliveries)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(callbackDeliveries.receivedAt), desc(callbackDeliveries.id))
    .limit(filters.limit ?? 100);
}

export async function findTransactionIdByWalletId(db: Database, walletTransactionId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: transactions.id }).from(transactions).where(eq(transactions.walletTransactionId, walletTransactionId));
  return row?.id;
}
