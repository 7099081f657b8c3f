// Payment links (issue #48) as plain query functions: the links, their visits, and their charges'
// figures read from the ledger (transactions.payment_link_id).
import { and, desc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { paymentLinks, transactions } from "@/lib/db/schema";
import type { PaymentLinkRecord } from "@/lib/db/schema/payment-links";
import type { StoreScope } from "@/lib/vocabulary/store-scope";
import { isDescending, type ListCursor, type ListSort, sortColumnOf } from "@/lib/vocabulary/list-sort";
import { listPageSize, type PaymentLinkSortColumn, paymentLinksSort } from "@/lib/vocabulary/list-orders";
import { storeScopeCondition } from "./store-scope";
import { type KeysetColumn, keysetAfter, keysetColumn, keysetOrder, type KeysetPage, type KeysetRead, keysetPage } from "./list-keyset";

export type PaymentLinkValues = Pick<
  PaymentLinkRecord,
  | "name"
  | "description"
  | "amountCents"
  | "minAmountCents"
  | "maxAmountCents"
  | "maxPaidCharges"
  | "endsAt"
  | "chargeExpiryMinutes"
  | "returnUrl"
  | "inactiveMessage"
>;

/** Inserts a link; undefined when its slug is taken (the caller draws another). */
export async function insertPaymentLink(
  db: Database,
  values: PaymentLinkValues & { slug: string; createdByUserId: string; createdByEmail: string; idempotencyKey?: string; storeId?: string },
): Promise<PaymentLinkRecord | undefined> {
  const [row] = await db.insert(paymentLinks).values(values).onConflictDoNothing({ target: paymentLinks.slug }).returning();
  return row;
}

/** Changes a link's settings (never its store); undefined for an unknown link or one of a store outside `scope`. */
export async function updatePaymentLink(
  db: Database,
  id: string,
  values: PaymentLinkValues,
  scope: StoreScope,
): Promise<PaymentLinkRecord | undefined> {
  const [row] = await db
    .update(paymentLinks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(paymentLinks.id, id), storeScopeCondition(paymentLinks.storeId, scope)))
    .returning();
  return row;
}

/** Turns a link on or off; undefined for an unknown link or one of a store outside `scope`. */
export async function setPaymentLinkActive(
  db: Database,
  id: string,
  active: boolean,
  scope: StoreScope,
): Promise<PaymentLinkRecord | undefined> {
  const [row] = await db
    .update(paymentLinks)
    .set({ active, updatedAt: new Date() })
    .where(and(eq(paymentLinks.id, id), storeScopeCondition(paymentLinks.storeId, scope)))
    .returning();
  return row;
}

export async function findPaymentLink(db: Database, id: string): Promise<PaymentLinkRecord | undefined> {
  const [row] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, id));
  return row;
}

/** The link an API client's scoped Idempotency-Key created, if any. */
export async function findPaymentLinkByIdempotencyKey(db: Database, idempotencyKey: string): Promise<PaymentLinkRecord | undefined> {
  const [row] = await db.select().from(paymentLinks).where(eq(paymentLinks.idempotencyKey, idempotencyKey));
  return row;
}

export async function findPaymentLinkBySlug(db: Database, slug: string): Promise<PaymentLinkRecord | undefined> {
  const [row] = await db.select().from(paymentLinks).where(eq(paymentLinks.slug, slug));
  return row;
}

/** One more showing of the link's public page. */
export async function countPaymentLinkVisit(db: Database, id: string): Promise<void> {
  await db
    .update(paymentLinks)
    .set({ visits: sql`${paymentLinks.visits} + 1` })
    .where(eq(paymentLinks.id, id));
}

/** A link's charges as the admission check counts them. */
export type PaymentLinkLoad = { paid: number; pending: number };

/**
 * Locks the link's row (every submission to it waits here for the previous one's claim to commit)
 * and counts its paid charges and those that may still be paid: being created, or created, pending
 * and not past their expiry, or of unknown outcome within their expiry. Call it inside the
 * transaction that inserts the new charge, so that the count and the insert commit together.
 */
export async function lockPaymentLinkLoad(
  tx: Pick<Database, "select">,
  id: string,
  now: Date,
): Promise<{ link: PaymentLinkRecord; load: PaymentLinkLoad } | undefined> {
  const [link] = await tx.select().from(paymentLinks).where(eq(paymentLinks.id, id)).for("update");
  if (!link) return undefined;
  const [load] = await tx
    .select({
      paid: sql<number>`count(*) filter (where ${transactions.status} = 'SUCCEED')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${transactions.creationState} = 'creating'
        or (${transactions.creationState} in ('created', 'outcome_unknown') and coalesce(${transactions.status}, 'PENDING') = 'PENDING'
            and (${transactions.expiresAt} is null or ${transactions.expiresAt} > ${now})))`.mapWith(Number),
    })
    .from(transactions)
    .where(eq(transactions.paymentLinkId, id));
  return { link, load: { paid: load?.paid ?? 0, pending: load?.pending ?? 0 } };
}

/** What the dashboard shows of a link's charges (those the ledger lists). */
export type PaymentLinkFigures = { charges: number; paid: number; receivedCents: number };

const figures = {
  charges: sql<number>`count(${transactions.id})`.mapWith(Number),
  paid: sql<number>`count(${transactions.id}) filter (where ${transactions.status} = 'SUCCEED')`.mapWith(Number),
  receivedCents: sql<number>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.status} = 'SUCCEED'), 0)`.mapWith(
    Number,
  ),
};

const listedCharges = and(
  eq(transactions.paymentLinkId, paymentLinks.id),
  sql`${transactions.creationState} in ('created', 'outcome_unknown')`,
);

/** Every link, newest first, with its figures. */
export async function listPaymentLinksWithFigures(
  db: Database,
  stores: StoreScope,
  limit = 200,
): Promise<(PaymentLinkRecord & PaymentLinkFigures)[]> {
  return db
    .select({ link: paymentLinks, ...figures })
    .from(paymentLinks)
    .leftJoin(transactions, listedCharges)
    .where(storeScopeCondition(paymentLinks.storeId, stores))
    .groupBy(paymentLinks.id)
    .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
    .limit(limit)
    .then((rows) => rows.map(({ link, ...rest }) => ({ ...link, ...rest })));
}

/** One link with its figures, if it is of a store in `stores` (another store's link is as unknown). */
export async function findPaymentLinkWithFigures(
  db: Database,
  stores: StoreScope,
  id: string,
): Promise<(PaymentLinkRecord & PaymentLinkFigures) | undefined> {
  return linkWithFigures(db, and(eq(paymentLinks.id, id), storeScopeCondition(paymentLinks.storeId, stores)));
}

/** A link by its slug, of any store (its public page: the slug found it), with its figures, in one read. */
export async function findPaymentLinkWithFiguresBySlug(
  db: Database,
  slug: string,
): Promise<(PaymentLinkRecord & PaymentLinkFigures) | undefined> {
  return linkWithFigures(db, eq(paymentLinks.slug, slug));
}

async function linkWithFigures(db: Database, where: SQL | undefined): Promise<(PaymentLinkRecord & PaymentLinkFigures) | undefined> {
  const [row] = await db
    .select({ link: paymentLinks, ...figures })
    .from(paymentLinks)
    .leftJoin(transactions, listedCharges)
    .where(where)
    .groupBy(paymentLinks.id);
  return row ? { ...row.link, charges: row.charges, paid: row.paid, receivedCents: row.receivedCents } : undefined;
}

/**
 * The list's orders, each read from its index either way: `payment_links_created_at_idx` (declared
 * DESC NULLS LAST, hence `nullsLast`), `payment_links_name_id_idx` on lower(name) and
 * `payment_links_amount_id_idx` on the price (a fixed price, or the payer's minimum: one of the two is
 * always set). The figures (charges, paid, received) are counted from the ledger for the page's
 * links only: not sortable.
 */
export const paymentLinkSortColumns: Record<PaymentLinkSortColumn, KeysetColumn> = {
  created: keysetColumn(paymentLinks.createdAt, "timestamptz", { nullsLast: true }),
  name: keysetColumn(sql`lower(${paymentLinks.name})`, "text"),
  amount: keysetColumn(sql`coalesce(${paymentLinks.amountCents}, ${paymentLinks.minAmountCents})`, "bigint"),
};

/** One read of the list in `sort`'s order (the statement the benchmark and the tests explain). */
export function paymentLinksPageQuery(db: Database, stores: StoreScope, sort: ListSort<PaymentLinkSortColumn>, read: KeysetRead) {
  const column = paymentLinkSortColumns[sortColumnOf(sort)];
  return db
    .select({ ...getTableColumns(paymentLinks), keyValue: column.key })
    .from(paymentLinks)
    .where(and(keysetAfter(column, paymentLinks.id, "uuid", read.from, read.descending), storeScopeCondition(paymentLinks.storeId, stores)))
    .orderBy(...keysetOrder(column, paymentLinks.id, read.descending))
    .limit(read.limit);
}

/**
 * One page of links in `sort`'s order (newest first by default) with their figures, read on or back
 * from a page link's cursor, and the cursors of the pages around it: the page is chosen from the
 * index first, then only its links' charges are counted (`transactions_payment_link_idx`).
 */
export async function listPaymentLinksPage(
  db: Database,
  stores: StoreScope,
  options: { sort?: ListSort<PaymentLinkSortColumn>; cursor?: ListCursor } = {},
): Promise<KeysetPage<PaymentLinkRecord & PaymentLinkFigures>> {
  const sort = options.sort ?? paymentLinksSort.defaultSort;
  const page = await keysetPage(options.cursor, listPageSize, isDescending(sort), (read) => paymentLinksPageQuery(db, stores, sort, read));
  const ids = page.rows.map((row) => row.id);
  const counted = ids.length
    ? await db
        .select({ id: transactions.paymentLinkId, ...figures })
        .from(transactions)
        .where(and(inArray(transactions.paymentLinkId, ids), sql`${transactions.creationState} in ('created', 'outcome_unknown')`))
        .groupBy(transactions.paymentLinkId)
    : [];
  const byLink = new Map(counted.map(({ id, ...rest }) => [id, rest]));
  return {
    ...page,
    rows: page.rows.map(({ keyValue: _key, ...link }) => ({
      ...link,
      ...(byLink.get(link.id) ?? { charges: 0, paid: 0, receivedCents: 0 }),
    })),
  };
}
