// Reads of cash-out requests for the Approvals pages and the batch results CSV: each request with
// its rows and, for rows already claimed, what the ledger says became of them.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { CashOutRequestState } from "@/lib/vocabulary/cash-out-request-states";
import type { Database } from "@/lib/db/client";
import { maskPersonalFields } from "@/lib/vocabulary/personal-data-masks";
import { keysetAfter, keysetColumn, keysetOrder, type KeysetRead, keysetPage, newestFirst } from "@/lib/db/queries/list-keyset";
import { cashOutRequestItems, cashOutRequests, transactions } from "@/lib/db/schema";
import { storeScopeCondition } from "@/lib/db/queries/store-scope";
import type { StoreScope } from "@/lib/vocabulary/store-scope";
import { type ApprovalsSort, approvalsPageSize, approvalsSort } from "@/lib/vocabulary/approvals-list";
import { isDescending, type ListCursor, sortColumnOf } from "@/lib/vocabulary/list-sort";

/** What the Approvals list shows of each request. */
const listColumns = {
  id: cashOutRequests.id,
  kind: cashOutRequests.kind,
  state: cashOutRequests.state,
  totalCents: cashOutRequests.totalCents,
  itemCount: cashOutRequests.itemCount,
  fileName: cashOutRequests.fileName,
  requestedByEmail: cashOutRequests.requestedByEmail,
  createdAt: cashOutRequests.createdAt,
  expiresAt: cashOutRequests.expiresAt,
  // A single cash-out's destination, to name it in the list.
  // (Written out: inside a single-table select Drizzle leaves column names unqualified.)
  pixKey: sql<
    string | null
  >`(select item.pix_key from cash_out_request_items item where item.request_id = cash_out_requests.id and cash_out_requests.kind = 'single' limit 1)`,
};

/** The scope's requests for the Approvals list, a single cash-out's key masked (a list: docs/personal-data.md). */
export async function listCashOutRequests(
  db: Database,
  stores: StoreScope,
  { states, limit = 50 }: { states?: CashOutRequestState[]; limit?: number } = {},
) {
  const rows = await db
    .select(listColumns)
    .from(cashOutRequests)
    .where(and(states ? inArray(cashOutRequests.state, states) : undefined, storeScopeCondition(cashOutRequests.storeId, stores)))
    .orderBy(...newestFirst(cashOutRequests.createdAt, cashOutRequests.id))
    .limit(limit);
  return rows.map(maskPersonalFields);
}

/** The Approvals queue's sortable columns, each read from an index on (state, it, id) (migration 0029). */
const awaitingSortColumns = {
  requested: keysetColumn(cashOutRequests.createdAt, "timestamptz"),
  amount: keysetColumn(cashOutRequests.totalCents, "bigint"),
};

/** The statement one read of the Approvals queue runs for the scope's stores (the benchmark explains it). */
export function awaitingRequestsQuery(db: Database, stores: StoreScope, sort: ApprovalsSort, read: KeysetRead) {
  const column = awaitingSortColumns[sortColumnOf(sort)];
  return db
    .select({ ...listColumns, keyValue: column.key })
    .from(cashOutRequests)
    .where(
      and(
        eq(cashOutRequests.state, "awaiting_approval"),
        storeScopeCondition(cashOutRequests.storeId, stores),
        keysetAfter(column, cashOutRequests.id, "uuid", read.from, read.descending),
      ),
    )
    .orderBy(...keysetOrder(column, cashOutRequests.id, read.descending))
    .limit(read.limit);
}

/**
 * One page of the scope's requests awaiting a decision in `sort`'s order (by time requested or amount,
 * either way), keyset-paginated from `cursor`; keys masked as in listCashOutRequests.
 */
export async function listAwaitingRequestsPage(
  db: Database,
  stores: StoreScope,
  sort: ApprovalsSort = approvalsSort.defaultSort,
  cursor?: ListCursor,
  pageSize = approvalsPageSize,
) {
  const page = await keysetPage(cursor, pageSize, isDescending(sort), (read) => awaitingRequestsQuery(db, stores, sort, read));
  return { ...page, rows: page.rows.map(({ keyValue: _key, ...row }) => maskPersonalFields(row)) };
}
export type CashOutRequestListItem = Awaited<ReturnType<typeof listCashOutRequests>>[number];

/** A request, if it belongs to one of the scope's stores: another store's is as unknown as a made-up id. */
export async function findCashOutRequest(db: Database, stores: StoreScope, id: string) {
  const [request] = await db
    .select()
    .from(cashOutRequests)
    .where(and(eq(cashOutRequests.id, id), storeScopeCondition(cashOutRequests.storeId, stores)));
  return request;
}

/** Every row of a request in line order, with its ledger row's state when it was claimed. */
export async function listCashOutRequestRows(db: Database, requestId: string) {
  return db
    .select({
      id: cashOutRequestItems.id,
      line: cashOutRequestItems.line,
      amountCents: cashOutRequestItems.amountCents,
      pixKeyType: cashOutRequestItems.pixKeyType,
      pixKey: cashOutRequestItems.pixKey,
      externalReference: cashOutRequestItems.externalReference,
      metadata: cashOutRequestItems.metadata,
      transactionId: cashOutRequestItems.transactionId,
      creationState: transactions.creationState,
      walletTransactionId: transactions.walletTransactionId,
      status: transactions.status,
      failureMessage: transactions.failureMessage,
    })
    .from(cashOutRequestItems)
    .leftJoin(transactions, eq(cashOutRequestItems.transactionId, transactions.id))
    .where(eq(cashOutRequestItems.requestId, requestId))
    .orderBy(asc(cashOutRequestItems.line));
}
export type CashOutRequestRow = Awaited<ReturnType<typeof listCashOutRequestRows>>[number];

export type BatchProgress = { total: number; claimed: number; created: number; failed: number; inFlight: number };

/** How far the sending of a request's rows has come (for the live progress bar). */
export async function getBatchProgress(db: Database, requestId: string): Promise<BatchProgress> {
  const count = (condition: ReturnType<typeof sql>) => sql<string>`count(*) filter (where ${condition})`.mapWith(Number);
  const [progress] = await db
    .select({
      total: sql<string>`count(*)`.mapWith(Number),
      claimed: count(sql`${cashOutRequestItems.transactionId} is not null`),
      created: count(sql`${transactions.creationState} = 'created'`),
      failed: count(sql`${transactions.creationState} in ('rejected', 'outcome_unknown')`),
      inFlight: count(sql`${transactions.creationState} = 'creating'`),
    })
    .from(cashOutRequestItems)
    .leftJoin(transactions, eq(cashOutRequestItems.transactionId, transactions.id))
    .where(and(eq(cashOutRequestItems.requestId, requestId)));
  return progress ?? { total: 0, claimed: 0, created: 0, failed: 0, inFlight: 0 };
}
