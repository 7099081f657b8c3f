// The customers directory (issue #48) as plain query functions over the `customers` rollup that
// migration 0019's triggers keep equal to the ledger; a customer's charges are read from the ledger.
import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { customers, transactions, visibleInLedger } from "@/lib/db/schema";
import type { CustomerRecord } from "@/lib/db/schema/customers";
import { normaliseDocument } from "@/lib/vocabulary/brazilian-documents";
import { isDescending, type ListSort, sortColumnOf } from "@/lib/vocabulary/list-sort";
import { type CustomerSortColumn, customersSort, listPageSize } from "@/lib/vocabulary/list-orders";
import {
  type KeysetCursor,
  type KeysetFrom,
  type KeysetOrder,
  type KeysetPage,
  keysetAfter,
  keysetOrderBy,
  keysetValue,
  readKeysetPage,
} from "./keyset-order";

export const customersPageSize = listPageSize;

/**
 * The directory's orders, each read from its index (`customers_last_seen_at_idx`, and migration
 * 0026's `customers_sort_paid_idx`, `customers_sort_charges_idx`) either way.
 */
export const customerOrders: Record<CustomerSortColumn, KeysetOrder> = {
  lastSeen: { expression: sql`${customers.lastSeenAt}`, type: "timestamptz", id: sql`${customers.id}`, idType: "uuid" },
  paid: { expression: sql`${customers.paidAmountCents}`, type: "bigint", id: sql`${customers.id}`, idType: "uuid" },
  charges: { expression: sql`${customers.chargesCount}`, type: "bigint", id: sql`${customers.id}`, idType: "uuid" },
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

/** The page's customers in `sort`'s order (the statement the benchmark and the tests explain). */
export function customersPageQuery(
  db: Database,
  sort: { column: CustomerSortColumn; descending: boolean },
  after?: KeysetCursor,
  search?: string,
  limit = customersPageSize + 1,
) {
  const order = customerOrders[sort.column];
  return db
    .select({ customer: customers, keysetValue: keysetValue(order) })
    .from(customers)
    .where(and(search?.trim() ? searchCondition(search) : undefined, keysetAfter(order, sort.descending, after)))
    .orderBy(...keysetOrderBy(order, sort.descending))
    .limit(limit);
}

/**
 * One page of the directory in `sort`'s order (latest charge first by default), read on or back
 * from a page link's cursor, with the cursors of the pages around it. A cursor made for another
 * order is the caller's to refuse: the page keeps the sort beside it.
 */
export async function listCustomersPage(
  db: Database,
  options: { search?: string; sort?: ListSort<CustomerSortColumn>; from?: KeysetFrom },
): Promise<KeysetPage<CustomerRecord>> {
  const sort = options.sort ?? customersSort.defaultSort;
  const column = sortColumnOf(sort);
  const page = await readKeysetPage(
    async (descending, after, limit) =>
      (await customersPageQuery(db, { column, descending }, after, options.search, limit)).map((row) => ({
        ...row,
        id: row.customer.id,
      })),
    isDescending(sort),
    options.from,
    customersPageSize,
  );
  return { ...page, rows: page.rows.map((row) => row.customer) };
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
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(customerRecentChargesLimit);
}
