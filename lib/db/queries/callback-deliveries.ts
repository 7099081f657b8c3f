// Reads of the callback inbox: one transaction's timeline, the newest deliveries, and the problems.
import { and, asc, eq, gte, inArray, type SQL } from "drizzle-orm";
import { storeScopeCondition } from "@/lib/db/queries/store-scope";
import type { StoreScope } from "@/lib/vocabulary/store-scope";
import { problemDeliveryOutcomes, type DeliveryOutcome } from "@/lib/vocabulary/delivery-outcomes";
import type { Database } from "@/lib/db/client";
import { keysetAfter, keysetColumn, keysetOrder, type KeysetPage, keysetPage } from "@/lib/db/queries/list-keyset";
import { isDescending, type ListCursor } from "@/lib/vocabulary/list-sort";
import { type CallbackLogSort, callbackLogPageSize } from "@/lib/vocabulary/callback-log-list";
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

export type InboxFilters = { status?: string; outcome?: InboxOutcomeFilter; since?: Date };

/**
 * Deliveries of a transaction in the scope's stores: none for all stores; else by the delivery's
 * own copy of its transaction's store (migration 0043; a delivery matched to no transaction has
 * none: it is the merchant's, not a store's). Also the Overview's delivery health's
 * (lib/db/queries/overview-health.ts): each figure is what its inbox link lists.
 */
export function deliveriesInStores(stores: StoreScope): SQL | undefined {
  return storeScopeCondition(callbackDeliveries.storeId, stores);
}

function inboxCondition(stores: StoreScope, filters: InboxFilters): SQL | undefined {
  const conditions: SQL[] = [];
  const inStores = deliveriesInStores(stores);
  if (inStores) conditions.push(inStores);
  if (filters.status) conditions.push(eq(callbackDeliveries.status, filters.status));
  if (filters.outcome === "problems") conditions.push(inArray(callbackDeliveries.outcome, [...problemDeliveryOutcomes]));
  else if (filters.outcome) conditions.push(eq(callbackDeliveries.outcome, filters.outcome));
  if (filters.since) conditions.push(gte(callbackDeliveries.receivedAt, filters.since));
  return conditions.length ? and(...conditions) : undefined;
}

const inboxColumns = {
  ...deliveryColumns,
  walletTransactionId: callbackDeliveries.walletTransactionId,
  transactionId: callbackDeliveries.transactionId,
};

/** The sortable columns of the deliveries list, each read from an index on (it, id) (migration 0028). */
const inboxSortColumns = { received: keysetColumn(callbackDeliveries.receivedAt, "timestamptz") };

/** The statement one read of the deliveries list runs (the benchmark explains it). */
export function inboxRowsQuery(
  db: Database,
  stores: StoreScope,
  filters: InboxFilters,
  sort: CallbackLogSort,
  read: { from?: { value: string; id: string }; descending: boolean; limit: number },
) {
  const column = inboxSortColumns[sort.replace("-", "") as keyof typeof inboxSortColumns];
  return db
    .select({ ...inboxColumns, keyValue: column.key })
    .from(callbackDeliveries)
    .where(and(inboxCondition(stores, filters), keysetAfter(column, callbackDeliveries.id, "uuid", read.from, read.descending)))
    .orderBy(...keysetOrder(column, callbackDeliveries.id, read.descending))
    .limit(read.limit);
}

export type InboxRow = Awaited<ReturnType<typeof inboxRowsQuery>>[number];

/** One page of the deliveries list in `sort`'s order, keyset-paginated from `cursor`. */
export function listInboxPage(
  db: Database,
  stores: StoreScope,
  filters: InboxFilters,
  sort: CallbackLogSort,
  cursor?: ListCursor,
  pageSize = callbackLogPageSize,
): Promise<KeysetPage<InboxRow>> {
  return keysetPage(cursor, pageSize, isDescending(sort), (read) => inboxRowsQuery(db, stores, filters, sort, read));
}

/** The local transaction with this wallet id, and its store (whose wallet made it). */
/** The store of the transaction a callback log was delivered for (its delivery named the log), if one was received. */
export async function findStoreOfCallbackLog(db: Database, callbackLogId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ storeId: transactions.storeId })
    .from(callbackDeliveries)
    .innerJoin(transactions, eq(callbackDeliveries.transactionId, transactions.id))
    .where(eq(callbackDeliveries.callbackLogId, callbackLogId))
    .limit(1);
  return row?.storeId;
}

export async function findTransactionByWalletId(
  db: Database,
  walletTransactionId: string,
): Promise<{ id: string; storeId: string } | undefined> {
  const [row] = await db
    .select({ id: transactions.id, storeId: transactions.storeId })
    .from(transactions)
    .where(eq(transactions.walletTransactionId, walletTransactionId));
  return row;
}
