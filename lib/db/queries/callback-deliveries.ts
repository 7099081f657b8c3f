// Reads of the callback inbox: one transaction's timeline, the newest deliveries, and the problems.
import { and, asc, count, desc, eq, gte, inArray, type SQL } from "drizzle-orm";
import { problemDeliveryOutcomes, type DeliveryOutcome } from "@/lib/vocabulary/delivery-outcomes";
import type { Database } from "@/lib/db/client";
import { callbackDeliveries, transactions } from "@/lib/db/schema";

/** What every list of deliveries shows about each one. */
const deliveryColumns = {
  id: callbackDeliveries.id,
  receivedAt: callbackDeliveries.receivedAt,
  status: callbackDeliveries.status,
  callbackLogId: callbackDeliveries.callbackLogId,
  outcome: callbackDeliveries.outcome,
  rejectionReason: callbackDeliveries.rejectionReason,
};

export function listDeliveriesForTransaction(db: Database, transactionId: string) {
  return db
    .select(deliveryColumns)
    .from(callbackDeliveries)
    .where(eq(callbackDeliveries.transactionId, transactionId))
    .orderBy(asc(callbackDeliveries.receivedAt), asc(callbackDeliveries.id));
}

/** `problems` stands for every outcome an operator must look at (rejected and unmatched). */
export type InboxOutcomeFilter = DeliveryOutcome | "problems";

export function listRecentDeliveries(
  db: Database,
  filters: { status?: string; outcome?: InboxOutcomeFilter; since?: Date; limit?: number },
) {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(callbackDeliveries.status, filters.status));
  if (filters.outcome === "problems") conditions.push(inArray(callbackDeliveries.outcome, [...problemDeliveryOutcomes]));
  else if (filters.outcome) conditions.push(eq(callbackDeliveries.outcome, filters.outcome));
  if (filters.since) conditions.push(gte(callbackDeliveries.receivedAt, filters.since));
  return db
    .select({
      ...deliveryColumns,
      walletTransactionId: callbackDeliveries.walletTransactionId,
      transactionId: callbackDeliveries.transactionId,
    })
    .from(callbackDeliveries)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(callbackDeliveries.receivedAt), desc(callbackDeliveries.id))
    .limit(filters.limit ?? 100);
}

/** The Overview's problem count (served by the partial index on problem outcomes). */
export async function countRejectedDeliveriesSince(db: Database, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(callbackDeliveries)
    .where(and(eq(callbackDeliveries.outcome, "rejected"), gte(callbackDeliveries.receivedAt, since)));
  return row?.value ?? 0;
}

export async function findTransactionIdByWalletId(db: Database, walletTransactionId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.walletTransactionId, walletTransactionId));
  return row?.id;
}
