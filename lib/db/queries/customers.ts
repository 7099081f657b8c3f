// The customers directory (issue #48) as plain query functions over the `customers` rollup that
// migration 0019's triggers keep equal to the ledger; a customer's charges are read from the ledger.
import { and, eq, getTableColumns, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { customers, transactions, visibleInLedger } from "@/lib/db/schema";
import type { CustomerRecord } from "@/lib/db/schema/customers";
import { normaliseDocument } from "@/lib/vocabulary/brazilian-documents";
import { isDescending, type ListCursor, type ListSort, sortColumnOf } from "@/lib/vocabulary/list-sort";
import { type CustomerSortColumn, customersSort, listPageSize } from "@/lib/vocabulary/list-orders";
import {
  type KeysetColumn,
  keysetAfter,
  keysetColumn,
  keysetOrder,
  type KeysetPage,
  type KeysetRead,
  keysetPage,
  newestFirst,
} from "./list-keyset";

export const customersPageSize = listPageSize;

/**
 * The directory's orders, each read from its index either way: `customers_last_seen_at_idx` (declared
 * DESC NULLS LAST, hence `nullsLast`; a customer row exists only once a charge was seen, so the column
 * is never null), `customers_paid_amount_id_idx` and `customers_charges_count_id_idx`.
 */
export const customerSortColumns: Record<CustomerSortColumn, KeysetColumn> = {
  lastSeen: keysetColumn(customers.lastSeenAt, "timestamptz", { nullsLast: true }),
  paid: keysetColumn(customers.paidAmountCents, "bigint"),
  charges: keysetColumn(customers.chargesCount, "bigint"),
};

const documentPattern = /^(\d{11}|[0-9A-Z]{12}\d{2})$/;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * What the search box matches: a CPF/CNPJ exactly (typed with or without punctuation), or the start
 * of any name or e-mail the customer's charges carried, ignoring case. Names and e-mails are found
 * on the ledger's own prefix indexes (cash-ins under `visibleInLedger`), so every name ever seen
 * with the document is searchable, not only the latest.
 */
function searchCondition(search: string): SQL {
  const term = search.trim();
  const document = normaliseDocument(term);
  const prefix = sql`lower(${escapeLike(term)}) || '%'`;
  const byContact = documentsOfCashInsWhere(
    or(sql`lower(${transactions.payerName}) like ${prefix}`, sql`lower(${transactions.payerEmail}) like ${prefix}`)!,
  );
  if (documentPattern.test(document)) return or(eq(customers.document, document), inArray(customers.document, byContact))!;
  return inArray(customers.document, byContact);
}

/**
 * The documents of the cash-ins matching `condition`, collected first from the ledger's prefix
 * indexes: `offset 0` keeps PostgreSQL from pulling the subquery up into a semi-join that walks
 * the directory in order probing each customer's charges (measured at 100,000 rows: 153 ms for a
 * rare name, every customer probed, against about 15 ms collecting the matches first).
 */
function documentsOfCashInsWhere(condition: SQL): SQL {
  return sql`(select ${transactions.payerDocument} from ${transactions} where ${and(
    eq(transactions.kind, "CASH_IN"),
    visibleInLedger(transactions),
    condition,
  )} offset 0)`;
}

/** One read of the directory in `sort`'s order (the statement the benchmark and the tests explain). */
export function customersPageQuery(db: Database, sort: ListSort<CustomerSortColumn>, read: KeysetRead, search?: string) {
  const column = customerSortColumns[sortColumnOf(sort)];
  return db
    .select({ ...getTableColumns(customers), keyValue: column.key })
    .from(customers)
    .where(and(search?.trim() ? searchCondition(search) : undefined, keysetAfter(column, customers.id, "uuid", read.from, read.descending)))
    .orderBy(...keysetOrder(column, customers.id, read.descending))
    .limit(read.limit);
}

/**
 * One page of the directory in `sort`'s order (latest charge first by default), read on or back
 * from a page link's cursor (lib/schemas/list-sort.ts readListCursor), with the cursors of the
 * pages around it. A search keeps the order (its matches are collected first, then ordered).
 */
export function listCustomersPage(
  db: Database,
  options: { search?: string; sort?: ListSort<CustomerSortColumn>; cursor?: ListCursor },
): Promise<KeysetPage<CustomerRecord & { keyValue: string }>> {
  const sort = options.sort ?? customersSort.defaultSort;
  return keysetPage(options.cursor, customersPageSize, isDescending(sort), (read) => customersPageQuery(db, sort, read, options.search));
}

export async function findCustomer(db: Database, id: string): Promise<CustomerRecord | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

export const customerRecentChargesLimit = 20;

/** A customer's latest cash-ins in the ledger (the rest are in the ledger filtered by the document). */
export function listCustomerCharges(db: Database, document: string) {
  return db
    .select({
      id: transactions.id,
      kind: transactions.kind,
      creationState: transactions.creationState,
      status: transactions.status,
      amountCents: transactions.amountCents,
      payerName: transactions.payerName,
      payerEmail: transactions.payerEmail,
      walletTransactionId: transactions.walletTransactionId,
      paymentLinkId: transactions.paymentLinkId,
      createdAt: transactions.createdAt,
      statusChangedAt: transactions.statusChangedAt,
    })
    .from(transactions)
    .where(and(eq(transactions.payerDocument, document), eq(transactions.kind, "CASH_IN"), visibleInLedger(transactions)))
    .orderBy(...newestFirst(transactions.createdAt, transactions.id))
    .limit(customerRecentChargesLimit);
}
