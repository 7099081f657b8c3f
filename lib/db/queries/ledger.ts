// The Transactions list: filtered, searched and keyset-paginated on (created_at desc, id desc), so
// every page costs the same with a million rows. Only real transactions: never rows still `creating`.
import { and, eq, gte, inArray, isNull, lt, lte, or, type Placeholder, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "@/lib/db/client";
import { oncePerDatabase } from "@/lib/db/prepared";
import { transactions, visibleInLedger } from "@/lib/db/schema/transactions";
import { paymentLinks } from "@/lib/db/schema/payment-links";
import { normaliseDocument } from "@/lib/vocabulary/brazilian-documents";
import {
  defaultLedgerSort,
  type LedgerCursor,
  type LedgerKey,
  type LedgerListRow,
  type LedgerPage,
  type LedgerSort,
} from "@/lib/vocabulary/ledger-page";
import { maskPersonalFields } from "@/lib/vocabulary/personal-data-masks";
import { storeScopeCondition } from "@/lib/db/queries/store-scope";
import { merchantWideScope, singleStoreOf, type StoreScope } from "@/lib/vocabulary/store-scope";
import type { LedgerStatusFilter, TransactionKind, WalletStatus } from "@/lib/vocabulary/transaction-statuses";

export const ledgerPageSize = 50;

export type LedgerFilters = {
  kind?: TransactionKind;
  status?: LedgerStatusFilter;
  /** Inclusive start instant. */
  createdFrom?: Date;
  /** Exclusive end instant. */
  createdBefore?: Date;
  amountMinCents?: number;
  amountMaxCents?: number;
  search?: string;
  /** A payment link's charges only (issue #48). */
  paymentLinkId?: string;
  /** Paid (status SUCCEED) from this instant, inclusive, and before the next, exclusive. */
  paidFrom?: Date;
  paidBefore?: Date;
  /**
   * Cash-ins past their expiry by this instant that the wallet gave no final status (still PENDING;
   * not those with their own callback URL, whose status goes there): the Reconciliation page's list.
   */
  expiredBy?: Date;
};

/**
 * The filters with the stores the request may see (lib/vocabulary/store-scope.ts): what every
 * statement here is built from. The exported reads take the scope as its own required parameter,
 * so no caller can leave it out.
 */
type ScopedFilters = LedgerFilters & { stores: StoreScope };

/** Every kind, named when the list has no kind filter: the search indexes lead with the kind. */
const everyKind = sql`${transactions.kind} in ('CASH_IN', 'CASH_OUT')`;

/** The exact key for cursors: a created_at in UTC with its microseconds. */
function cursorKeyOf(createdAt: SQL): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

const ledgerColumns = {
  id: transactions.id,
  walletTransactionId: transactions.walletTransactionId,
  kind: transactions.kind,
  creationState: transactions.creationState,
  status: transactions.status,
  amountCents: transactions.amountCents,
  tax: transactions.tax,
  isSandbox: transactions.isSandbox,
  invoiceDescription: transactions.invoiceDescription,
  statusChangedAt: transactions.statusChangedAt,
  payerName: transactions.payerName,
  payerEmail: transactions.payerEmail,
  payerDocument: transactions.payerDocument,
  pixKeyType: transactions.pixKeyType,
  pixKey: transactions.pixKey,
  externalReference: transactions.externalReference,
  createdByEmail: transactions.createdByEmail,
  createdAt: transactions.createdAt,
  keyCreatedAt: cursorKeyOf(sql`${transactions.createdAt}`),
  // The payment link a charge came from (#48): its id, and its name read by the link's primary key.
  paymentLinkId: transactions.paymentLinkId,
  paymentLinkName: sql<
    string | null
  >`(select ${paymentLinks.name} from ${paymentLinks} where ${paymentLinks.id} = ${transactions.paymentLinkId})`,
};

/** What the list's table shows (a page reads no more); the CSV export reads every column. */
const ledgerListColumns = {
  id: ledgerColumns.id,
  kind: ledgerColumns.kind,
  creationState: ledgerColumns.creationState,
  status: ledgerColumns.status,
  amountCents: ledgerColumns.amountCents,
  payerName: ledgerColumns.payerName,
  payerEmail: ledgerColumns.payerEmail,
  pixKeyType: ledgerColumns.pixKeyType,
  pixKey: ledgerColumns.pixKey,
  externalReference: ledgerColumns.externalReference,
  createdByEmail: ledgerColumns.createdByEmail,
  createdAt: ledgerColumns.createdAt,
  keyCreatedAt: ledgerColumns.keyCreatedAt,
};

export type LedgerRow = Awaited<ReturnType<typeof ledgerRowsQuery>>[number];

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const documentPattern = /^(\d{11}|[0-9A-Z]{12}\d{2})$/;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** `lower(column) LIKE lower(prefix) || '%'`: served by the column's lower(...) text_pattern_ops index. */
function startsWithIgnoringCase(column: PgColumn, prefix: string): SQL {
  return sql`lower(${column}) like lower(${escapeLike(prefix)}) || '%'`;
}

/**
 * What the search box matches, each branch on its own index:
 * - the local id or the wallet's transaction id, exactly;
 * - the payer's CPF/CNPJ, exactly, typed with or without punctuation;
 * - the start of the payer's e-mail or name, the external reference or the PIX key, ignoring case.
 */
export function ledgerSearchBranches(search: string): SQL[] {
  const term = search.trim();
  const branches: SQL[] = [
    eq(transactions.walletTransactionId, term),
    startsWithIgnoringCase(transactions.payerEmail, term),
    startsWithIgnoringCase(transactions.payerName, term),
    startsWithIgnoringCase(transactions.externalReference, term),
    startsWithIgnoringCase(transactions.pixKey, term),
  ];
  if (uuidPattern.test(term)) branches.push(eq(transactions.id, term.toLowerCase()));
  const document = normaliseDocument(term);
  if (documentPattern.test(document)) {
    branches.push(eq(transactions.payerDocument, document));
    // A CPF/CNPJ PIX key is stored without punctuation.
    if (document !== term) branches.push(startsWithIgnoringCase(transactions.pixKey, document));
  }
  return branches;
}

/** The WHERE clause for a set of filters (without any cursor). */
export function ledgerFilterCondition(filters: ScopedFilters): SQL {
  const conditions: SQL[] = [visibleInLedger(transactions)];
  const inStores = storeScopeCondition(transactions.storeId, filters.stores);
  if (inStores) conditions.push(inStores);
  if (filters.kind) conditions.push(eq(transactions.kind, filters.kind));
  // The search indexes lead with the kind (lib/db/schema/transactions.ts): naming both lets them
  // serve a search over every kind too (one range per kind).
  else if (filters.search?.trim()) conditions.push(everyKind);
  if (filters.status === "UNKNOWN") conditions.push(eq(transactions.creationState, "outcome_unknown"));
  else if (filters.status) conditions.push(eq(transactions.status, filters.status));
  if (filters.createdFrom) conditions.push(gte(transactions.createdAt, filters.createdFrom));
  if (filters.createdBefore) conditions.push(lt(transactions.createdAt, filters.createdBefore));
  if (filters.amountMinCents !== undefined) conditions.push(gte(transactions.amountCents, filters.amountMinCents));
  if (filters.amountMaxCents !== undefined) conditions.push(lte(transactions.amountCents, filters.amountMaxCents));
  if (filters.search?.trim()) conditions.push(or(...ledgerSearchBranches(filters.search))!);
  if (filters.paymentLinkId) conditions.push(eq(transactions.paymentLinkId, filters.paymentLinkId));
  // Served by the paid-time index (transactions_sort_paid_idx): the parser sets the Paid status with these.
  if (filters.paidFrom) conditions.push(gte(transactions.statusChangedAt, filters.paidFrom));
  if (filters.paidBefore) conditions.push(lt(transactions.statusChangedAt, filters.paidBefore));
  if (filters.expiredBy) conditions.push(expiredPendingCashIn(filters.expiredBy));
  return and(...conditions)!;
}

/** A cash-in past its expiry with no final status (the ledger's `expired` filter, the Reconciliation page). */
export function expiredPendingCashIn(by: Date): SQL {
  return and(
    eq(transactions.kind, "CASH_IN"),
    eq(transactions.creationState, "created"),
    eq(transactions.status, "PENDING"),
    lt(transactions.expiresAt, by),
    isNull(transactions.customCallbackUrl),
  )!;
}

type RowsOptions = { from?: LedgerKey; direction: "older" | "newer"; limit: number };
/** A cursor's values, or placeholders for them in a prepared statement. */
type KeyValues = { createdAt: string | Placeholder; id: string | Placeholder };

function keyConditionOf({ from, direction }: { from?: KeyValues; direction: RowsOptions["direction"] }): SQL | undefined {
  if (!from) return undefined;
  return direction === "older"
    ? sql`(${transactions.createdAt}, ${transactions.id}) < (${from.createdAt}::timestamptz, ${from.id}::uuid)`
    : sql`(${transactions.createdAt}, ${transactions.id}) > (${from.createdAt}::timestamptz, ${from.id}::uuid)`;
}

// Spelled out to match the indexes (DESC NULLS LAST, as drizzle creates them): a bare DESC means
// NULLS FIRST, which PostgreSQL cannot read from those indexes and would sort the table instead.
function listOrder(direction: "older" | "newer", table = sql`${transactions}`): SQL {
  return direction === "older"
    ? sql`${table}."created_at" desc nulls last, ${table}."id" desc nulls last`
    : sql`${table}."created_at" asc nulls first, ${table}."id" asc nulls first`;
}

/** Rows strictly older (or newer) than `from`, in that direction's order; `from` absent: from the newest. */
export function ledgerRowsQuery(db: Database, stores: StoreScope, filters: LedgerFilters, options: RowsOptions) {
  return db
    .select(ledgerColumns)
    .from(transactions)
    .where(rowsCondition({ ...filters, stores }, options))
    .orderBy(...rowsOrder(options))
    .limit(options.limit);
}

/**
 * The rows under `where` in the list's order, with every column (the export) or the list's own:
 * `where` is the filters, or the page's ids picked by a subquery (so the rows' other columns are
 * read for the page alone, whichever way the ids were found).
 */
function rowsWhere(db: Database, columns: typeof ledgerColumns, where: SQL | undefined, options: RowsOptions): Promise<LedgerRow[]>;
function rowsWhere(db: Database, columns: typeof ledgerListColumns, where: SQL | undefined, options: RowsOptions): Promise<LedgerListRow[]>;
function rowsWhere(
  db: Database,
  columns: typeof ledgerColumns | typeof ledgerListColumns,
  where: SQL | undefined,
  options: RowsOptions,
): Promise<LedgerRow[] | LedgerListRow[]> {
  return db
    .select(columns as typeof ledgerColumns)
    .from(transactions)
    .where(where)
    .orderBy(...rowsOrder(options))
    .limit(options.limit);
}

function rowsCondition(filters: ScopedFilters, options: { from?: KeyValues; direction: RowsOptions["direction"] }): SQL | undefined {
  return and(ledgerFilterCondition(filters), keyConditionOf(options));
}

function rowsOrder(options: { direction: RowsOptions["direction"] }): SQL[] {
  return options.direction === "older"
    ? [sql`${transactions.createdAt} desc nulls last`, sql`${transactions.id} desc nulls last`]
    : [sql`${transactions.createdAt} asc nulls first`, sql`${transactions.id} asc nulls first`];
}

/**
 * How many of the newest rows (under the filters, without the search) the list looks at first, to
 * see how dense a search's matches are among them: enough to tell matches within a walk's reach
 * (about one row in a hundred) from none; every row read here is a cost to a search that then
 * collects from the indexes (500 cost such a search at 1M rows a third more than 250).
 */
export const ledgerSearchWindowRows = 250;

/**
 * The most rows the list walks in its own order looking for a search's page (the window included).
 * A walk costs one table row per row walked; collecting the matches from the search indexes costs
 * one index entry per match (ledgerRowsBySearchFirst). Dense matches ('a', 'ana' among pending
 * charges) are found within a few thousand rows at any ledger size; sparse ones ('maria s', an
 * e-mail) are collected.
 */
export const ledgerSearchWalkRows = 5_000;

/**
 * The same rows as ledgerRowsQuery, found from the search's own indexes first: each branch's
 * matches (on its kind's covering index: an index-only scan once vacuum has marked the pages) are
 * sorted apart, the branches' newest united, and only the page's rows are read. For a search whose
 * matches are few or lie outside the newest rows under the filters (e.g. "ana" among cash-outs:
 * payer names are cash-in only), where walking the list's order would read every filtered row
 * looking for a first match.
 */
export function ledgerRowsBySearchFirst(db: Database, stores: StoreScope, filters: LedgerFilters, options: RowsOptions) {
  return rowsWhere(db, ledgerColumns, inArray(transactions.id, searchFirstPageIds({ ...filters, stores }, options)), options);
}

/**
 * Where a search's branches look, each on its own index: the other filters, with both kinds named
 * when none is filtered (the search indexes lead with the kind).
 */
function searchScope(filters: ScopedFilters): SQL {
  return and(ledgerFilterCondition({ ...filters, search: undefined }), filters.kind ? undefined : everyKind)!;
}

function searchFirstPageIds(filters: ScopedFilters, options: RowsOptions): SQL {
  const others = and(searchScope(filters), keyConditionOf(options));
  // Each branch's newest matches on its own index, then the union's newest: one OR over the
  // branches was a bitmap scan, which reads a table row per match even where an index-only scan
  // reads none. `union`, not `union all`: a row can match twice (a name and an e-mail).
  const branches = ledgerSearchBranches(filters.search!).map(
    (branch) => sql`(select ${transactions.id} as id, ${transactions.createdAt} as created_at from ${transactions}
      where ${and(others, branch)} order by ${listOrder(options.direction)} limit ${options.limit})`,
  );
  const matches = sql.raw("ledger_search_matches");
  return sql`(select id from (${sql.join(branches, sql` union `)}) as ${matches}
    order by ${listOrder(options.direction, matches)} limit ${options.limit})`;
}

type SearchFilters = ScopedFilters & { search: string };

/**
 * The next `rows` rows under the other filters in the list's order (from the cursor, if any), each
 * with whether it matches the search: a walk that stops after `rows` rows (the subquery's own
 * LIMIT), whatever the planner estimates for the search.
 */
function walkWithHits(filters: SearchFilters, options: Pick<RowsOptions, "from" | "direction">, rows: number): SQL {
  return sql`select ${transactions.id} as id, ${transactions.createdAt} as created_at, (${or(...ledgerSearchBranches(filters.search))}) as hit
    from ${transactions} where ${rowsCondition({ ...filters, search: undefined }, options)}
    order by ${listOrder(options.direction)} limit (select ${rows}::bigint)`;
  // The limit as a subquery: the planner does not see it, so it plans for reading a part of the
  // rows in order (the walk is read only as far as asked, usually a window of 250). With the limit
  // in sight, a store with fewer rows than the limit was planned as all its rows read and sorted
  // (PGlite, one store of 20 at 100k rows: a search's page ×2.95 of the one-store case → ×1.33).
}

type SearchLook = { path: "window" | "walk" | "collect"; ids: string[] };

/**
 * Where a search's page lies, and its ids when the list's own order finds them. One walk in the
 * list's order under the other filters (`ledger_walk`, at most `ledgerSearchWalkRows` rows, read only
 * as far as asked) is looked at over its first `ledgerSearchWindowRows` rows (`ledger_look`):
 * - `window`: those rows are every row under the filters, or hold a page of matches;
 * - `walk`: the matches among them say the rest of a page lies within `ledgerSearchWalkRows` rows:
 *   the walk goes on, stopping at the page's last match;
 * - `collect`: otherwise, or if the walk ends at its cap short of a page: the matches are to be
 *   collected from the search indexes (searchFirstPageIds), and no more rows are walked.
 * The walk is read twice (the look, then the page's matches) but scanned once: a CTE referenced
 * twice is kept, and each reader takes its rows in the walk's order.
 */
async function searchLook(db: Database, filters: SearchFilters, options: RowsOptions): Promise<SearchLook> {
  const walk = sql.raw("ledger_walk");
  const look = sql.raw("ledger_look");
  const hits = sql.raw("ledger_walk_hits");
  const { limit } = options;
  const result = (await db.execute(sql`
    with ${walk} as (${walkWithHits(filters, options, ledgerSearchWalkRows)}),
    ${look} as (
      select case when count(*) < ${ledgerSearchWindowRows} or count(*) filter (where hit) >= ${limit} then 'window'
        when count(*) filter (where hit) > 0
          and count(*) + (${limit} - count(*) filter (where hit))::float8 * count(*) / count(*) filter (where hit) <= ${ledgerSearchWalkRows} then 'walk'
        else 'collect' end as path
      from (select hit from ${walk} limit ${ledgerSearchWindowRows}) as ledger_window),
    ${hits} as (select id from ${walk} where hit and (select path from ${look}) <> 'collect' limit ${limit})
    select case when path = 'walk' and (select count(*) from ${hits}) < ${limit} and (select count(*) from ${walk}) >= ${ledgerSearchWalkRows}
        then 'collect' else path end as path,
      array(select id from ${hits})::text[] as ids
    from ${look}`)) as unknown as { rows: SearchLook[] };
  return result.rows[0]!;
}

/**
 * A search's page by the cheaper path (searchLook): the matches the list's order found, or those
 * collected from the search indexes.
 */
async function searchPage(db: Database, columns: typeof ledgerColumns, filters: SearchFilters, options: RowsOptions): Promise<LedgerRow[]>;
async function searchPage(
  db: Database,
  columns: typeof ledgerListColumns,
  filters: SearchFilters,
  options: RowsOptions,
): Promise<LedgerListRow[]>;
async function searchPage(
  db: Database,
  columns: typeof ledgerColumns | typeof ledgerListColumns,
  filters: SearchFilters,
  options: RowsOptions,
): Promise<LedgerRow[] | LedgerListRow[]> {
  // One set of columns or the other: the overloads above say which rows come back.
  const pageWhere = (where: SQL) => rowsWhere(db, columns as typeof ledgerColumns, where, options);
  const { path, ids } = await searchLook(db, filters, options);
  // The ids as one array parameter: a parameter per id cost more to build, send and plan than the rows.
  if (path !== "collect") return ids.length > 0 ? pageWhere(sql`${transactions.id} = any(${sql.param(ids)}::uuid[])`) : [];
  return pageWhere(inArray(transactions.id, searchFirstPageIds(filters, options)));
}

async function findLedgerRows(db: Database, filters: ScopedFilters, options: RowsOptions): Promise<LedgerRow[]> {
  const search = filters.search?.trim();
  if (search) return searchPage(db, ledgerColumns, { ...filters, search }, options);
  return rowsWhere(db, ledgerColumns, rowsCondition(filters, options), options);
}

/**
 * No filter set: the list as everyone first opens it (and pages through it), for every store or for
 * one (an operator of one store, or the switcher's choice): the store it reads, null for all stores.
 */
function unfilteredStore({ stores, ...filters }: ScopedFilters): { store: string | null } | undefined {
  if (!Object.values(filters).every((value) => value === undefined || value === "")) return undefined;
  if (stores.all) return { store: null };
  const store = singleStoreOf(stores);
  return store === null ? undefined : { store };
}

/**
 * The unfiltered list's statement for each way through it (newest page, older or newer than a
 * cursor), for all stores and for one, prepared once per database (lib/db/prepared.ts): the same
 * text as rowsWhere builds, with the cursor, the store and the limit as placeholders. Prepared, a
 * page costs its execution alone: planned afresh each time, one store's page cost ×1.46 of the
 * merchant's at 1M rows over 20 stores (issue #49).
 */
const unfilteredListRows = oncePerDatabase((db) => {
  const prepare = (direction: RowsOptions["direction"], withCursor: boolean, oneStore: boolean) =>
    db
      .select(ledgerListColumns)
      .from(transactions)
      .where(
        and(
          rowsCondition(
            { stores: merchantWideScope() },
            { direction, from: withCursor ? { createdAt: sql.placeholder("createdAt"), id: sql.placeholder("id") } : undefined },
          ),
          oneStore ? eq(transactions.storeId, sql.placeholder("storeId")) : undefined,
        ),
      )
      .orderBy(...rowsOrder({ direction }))
      .limit(sql.placeholder("limit"))
      .prepare(`ledger_list_${direction}${withCursor ? "_from_cursor" : ""}${oneStore ? "_of_store" : ""}`);
  const statements = (oneStore: boolean) => ({
    newest: prepare("older", false, oneStore),
    older: prepare("older", true, oneStore),
    newer: prepare("newer", true, oneStore),
  });
  return { allStores: statements(false), oneStore: statements(true) };
});

/**
 * An amount range's page: its ids picked first (from the covering amount index, which holds the
 * list's order columns: an index-only scan and a sort of the range's entries, where the plain query
 * read a table row per entry), then only the page's rows read.
 */
function amountRangePageIds(filters: ScopedFilters, options: RowsOptions): SQL {
  return sql`(select ${transactions.id} from ${transactions} where ${rowsCondition(filters, options)}
    order by ${listOrder(options.direction)} limit ${options.limit})`;
}

async function findLedgerListRows(db: Database, filters: ScopedFilters, options: RowsOptions): Promise<LedgerListRow[]> {
  const unfiltered = unfilteredStore(filters);
  if (unfiltered) {
    const statements = unfiltered.store === null ? unfilteredListRows(db).allStores : unfilteredListRows(db).oneStore;
    const store = unfiltered.store === null ? {} : { storeId: unfiltered.store };
    if (!options.from) {
      if (options.direction === "older") return statements.newest.execute({ ...store, limit: options.limit });
    } else {
      const statement = options.direction === "older" ? statements.older : statements.newer;
      return statement.execute({ ...store, createdAt: options.from.createdAt, id: options.from.id, limit: options.limit });
    }
  }
  const search = filters.search?.trim();
  if (search) return searchPage(db, ledgerListColumns, { ...filters, search }, options);
  if (filters.amountMinCents !== undefined || filters.amountMaxCents !== undefined)
    return rowsWhere(db, ledgerListColumns, inArray(transactions.id, amountRangePageIds(filters, options)), options);
  return rowsWhere(db, ledgerListColumns, rowsCondition(filters, options), options);
}

type SortedColumn = { column: PgColumn; key: SQL<string>; type: SQL };

/** The column each sort reads, its value as cursor text, and the type that text is cast back to. */
const sortedColumns: Record<"created" | "amount" | "paid", SortedColumn> = {
  created: { column: transactions.createdAt, key: ledgerColumns.keyCreatedAt, type: sql.raw("timestamptz") },
  amount: { column: transactions.amountCents, key: sql<string>`${transactions.amountCents}::text`, type: sql.raw("bigint") },
  paid: { column: transactions.statusChangedAt, key: cursorKeyOf(sql`${transactions.statusChangedAt}`), type: sql.raw("timestamptz") },
};

/**
 * Paid rows with their time: the condition of the paid-time index (`transactions_sort_paid_idx`),
 * written as literals like visibleInLedger so the planner can match it.
 */
const paidWithTime = sql`${transactions.status} = 'SUCCEED' and ${transactions.statusChangedAt} is not null`;

/**
 * A page in another order than creation: keyset on (the sort's column, id), each sort read from its
 * own index in either direction (`transactions_sort_amount_idx`, `transactions_sort_paid_idx`,
 * `transactions_created_at_id_idx`), so a page costs the same at any depth and any ledger size.
 * A search is not sorted (the Transactions page drops the sort): its indexes are in creation order.
 */
function findSortedLedgerRows(db: Database, filters: ScopedFilters, sort: LedgerSort, options: RowsOptions): Promise<LedgerListRow[]> {
  // A cursor without the sort's value was made for another order (the page refuses those).
  if (options.from && options.from.sortValue === undefined && !sort.endsWith("created")) return Promise.resolve([]);
  return sortedQuery(db, filters, sort, options);
}

/** The statement findSortedLedgerRows runs (the benchmark explains it). */
export function sortedLedgerRowsQuery(db: Database, stores: StoreScope, filters: LedgerFilters, sort: LedgerSort, options: RowsOptions) {
  return sortedQuery(db, { ...filters, stores }, sort, options);
}

function sortedQuery(db: Database, filters: ScopedFilters, sort: LedgerSort, options: RowsOptions) {
  const name = sort.replace("-", "") as keyof typeof sortedColumns;
  const { column, key, type } = sortedColumns[name];
  // "older" walks the list's own order; "newer" walks it back.
  const descending = sort.startsWith("-") === (options.direction === "older");
  const from = options.from;
  const value = name === "created" ? from?.createdAt : from?.sortValue;
  const keyCondition = from
    ? descending
      ? sql`(${column}, ${transactions.id}) < (${value}::${type}, ${from.id}::uuid)`
      : sql`(${column}, ${transactions.id}) > (${value}::${type}, ${from.id}::uuid)`
    : undefined;
  const order = descending
    ? [sql`${column} desc nulls last`, sql`${transactions.id} desc nulls last`]
    : [sql`${column} asc nulls first`, sql`${transactions.id} asc nulls first`];
  return db
    .select({ ...ledgerListColumns, keySortValue: key, statusChangedAt: transactions.statusChangedAt })
    .from(transactions)
    .where(and(ledgerFilterCondition(filters), name === "paid" ? paidWithTime : undefined, keyCondition))
    .orderBy(...order)
    .limit(options.limit);
}

/**
 * Filter sets already counted past their cap, per database. A listed transaction never leaves the
 * list (rows are only deleted, or refused, while still `creating`; `outcome_unknown` only becomes
 * `created`) and its kind never changes, so once the rows of a kind (or all of them) pass the cap
 * they stay past it: the next pages skip a count that reads every one of those rows again. Status
 * and the other filters match rows that can change, or are too many to remember; those are counted.
 * A row's store never changes either, so the same holds for a set of stores (issue #49: counting a
 * store's rows up to the cap read a thousand table rows per page, ×7 the all-stores page at 1M rows).
 */
const countsPastCap = new WeakMap<Database, Set<string>>();

function rememberedKey(filters: ScopedFilters, cap: number): string | null {
  const { kind, stores, ...others } = filters;
  if (Object.values(others).some((value) => value !== undefined && value !== "")) return null;
  return `${stores.all ? "all" : [...stores.storeIds].sort().join(",")}:${kind ?? "all"}:${cap}`;
}

/**
 * The count's cap. Counting reads every matching row up to it, so the cap bounds the page's cost at
 * any ledger size: at 10,000 a common search ("ana") read 10,000 index entries on a million-row
 * ledger and the page grew ×4 from 1,000 rows; at 1,000 the list says "more than 1,000" sooner.
 */
export const ledgerCountCap = 1_000;

/**
 * `count(*)` over at most `cap` + 1 rows of `table` matching `where`, as a scalar subquery for a
 * statement of several figures (the Reconciliation page's counts, the Overview's past-expiry one):
 * it reads at most that many rows whatever the table holds. Read the figure with cappedCount.
 */
export function countUpToCap(table: PgTable, where: SQL, cap = ledgerCountCap): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${table} where ${where} limit ${cap + 1}) as limited)`;
}

/** A figure counted by countUpToCap, as shown: the count up to the cap, `capped` past it ("more than"). */
export function cappedCount(counted: unknown, cap = ledgerCountCap): { count: number; capped: boolean } {
  const count = Number(counted ?? 0);
  return count > cap ? { count: cap, capped: true } : { count, capped: false };
}

/** How many rows match, counted up to `cap` (beyond it the list says "more than"), so the count stays cheap. */
export async function countLedgerRows(
  db: Database,
  stores: StoreScope,
  ledgerFilters: LedgerFilters,
  cap = ledgerCountCap,
): Promise<{ count: number; capped: boolean }> {
  const filters: ScopedFilters = { ...ledgerFilters, stores };
  const key = rememberedKey(filters, cap);
  if (key !== null && countsPastCap.get(db)?.has(key)) return { count: cap, capped: true };
  const counted = filters.search?.trim() ? await countSearchMatches(db, filters, cap) : await countMatches(db, filters, cap);
  if (counted <= cap) return { count: counted, capped: false };
  if (key !== null) {
    const known = countsPastCap.get(db) ?? new Set<string>();
    countsPastCap.set(db, known.add(key));
  }
  return { count: cap, capped: true };
}

async function countMatches(db: Database, filters: ScopedFilters, cap: number): Promise<number> {
  const limited = db
    .select({ one: sql`1` })
    .from(transactions)
    .where(ledgerFilterCondition(filters))
    .limit(cap + 1)
    .as("limited");
  const [result] = await db.select({ count: sql<number>`count(*)::int` }).from(limited);
  return Number(result?.count ?? 0);
}

/**
 * A search's matches, each branch counted on its own index up to the cap and the ids united (a row
 * can match by name and by e-mail). One OR over every branch is a bitmap of all matches, built in
 * full before any limit: a one-letter search read every row starting with it (×3 from 1k to 100k
 * rows). Each limited branch stops at the cap; if none reaches it, the union is the exact count.
 * A branch past the cap already puts the search past it: the branches are looked at one by one
 * (each kept, `materialized`, for the union) and the first past the cap ends the count there, so a
 * common prefix that is both names and e-mails ("ana") reads its cap once, not once per column.
 */
async function countSearchMatches(db: Database, filters: ScopedFilters, cap: number): Promise<number> {
  const others = searchScope(filters);
  const branches = ledgerSearchBranches(filters.search!).map((branch, index) => ({
    name: sql.raw(`ledger_count_branch_${index}`),
    query: sql`select ${transactions.id} as id from ${transactions} where ${and(others, branch)} limit ${cap + 1}`,
  }));
  // CASE and OR stop at the first branch past the cap; each scalar subquery runs only when reached.
  const anyPastCap = sql.join(
    branches.map(({ name }) => sql`(select count(*) from ${name}) > ${cap}`),
    sql` or `,
  );
  const united = sql.join(
    branches.map(({ name }) => sql`select id from ${name}`),
    sql` union `,
  );
  const result = (await db.execute(sql`
    with ${sql.join(
      branches.map(({ name, query }) => sql`${name} as materialized (${query})`),
      sql`, `,
    )}
    select case when ${anyPastCap} then ${cap + 1} else (select count(*) from (${united}) as matches) end::int as count`)) as unknown as {
    rows: Array<{ count: number }>;
  };
  return Number(result.rows[0]?.count ?? 0);
}

function keyOf(row: Pick<LedgerListRow, "keyCreatedAt" | "id" | "keySortValue">): LedgerKey {
  return row.keySortValue === undefined
    ? { createdAt: row.keyCreatedAt, id: row.id }
    : { createdAt: row.keyCreatedAt, id: row.id, sortValue: row.keySortValue };
}

/**
 * One page of the list in `sort`'s order (newest first by default), with cursors to the pages around
 * it (absent at either end), its personal data masked (the list's one reader: the Transactions page).
 * "newer" and "older" are the pages before and after, whatever the order.
 */
export async function listLedgerPage(
  db: Database,
  stores: StoreScope,
  ledgerFilters: LedgerFilters,
  cursor?: LedgerCursor,
  pageSize = ledgerPageSize,
  sort: LedgerSort = defaultLedgerSort,
): Promise<LedgerPage> {
  const filters: ScopedFilters = { ...ledgerFilters, stores };
  const find = (options: RowsOptions) =>
    sort === defaultLedgerSort ? findLedgerListRows(db, filters, options) : findSortedLedgerRows(db, filters, sort, options);
  if (cursor?.direction === "newer") {
    const newerRows = await find({ from: cursor, direction: "newer", limit: pageSize + 1 });
    // Fewer than a page above: that is the first page, shown in full from the top.
    if (newerRows.length <= pageSize) return listLedgerPage(db, stores, ledgerFilters, undefined, pageSize, sort);
    const rows = newerRows.slice(0, pageSize).reverse().map(maskPersonalFields);
    return { rows, newer: { ...keyOf(rows[0]!), direction: "newer" }, older: { ...keyOf(rows.at(-1)!), direction: "older" } };
  }
  const olderRows = await find({ from: cursor, direction: "older", limit: pageSize + 1 });
  // Lists show personal data masked to every role (docs/personal-data.md); the search matched in full.
  const rows = olderRows.slice(0, pageSize).map(maskPersonalFields);
  if (rows.length === 0) return { rows };
  return {
    rows,
    newer: cursor ? { ...keyOf(rows[0]!), direction: "newer" } : undefined,
    older: olderRows.length > pageSize ? { ...keyOf(rows.at(-1)!), direction: "older" } : undefined,
  };
}

/** Every row matching the filters, newest first, fetched `batchSize` at a time (for the CSV export). */
export async function* iterateLedgerRows(
  db: Database,
  stores: StoreScope,
  ledgerFilters: LedgerFilters,
  batchSize = 500,
): AsyncGenerator<LedgerRow[]> {
  const filters: ScopedFilters = { ...ledgerFilters, stores };
  let from: LedgerKey | undefined;
  for (;;) {
    const batch = await findLedgerRows(db, filters, { from, direction: "older", limit: batchSize });
    if (batch.length > 0) yield batch;
    if (batch.length < batchSize) return;
    from = keyOf(batch.at(-1)!);
  }
}

export type LedgerStatus = {
  id: string;
  status: WalletStatus | null;
  creationState: LedgerRow["creationState"];
  statusChangedAt: Date | null;
};

/** Current status of the given transactions (for the list's live badges), among the stores the request may see. */
export function findLedgerStatuses(db: Database, stores: StoreScope, ids: string[]): Promise<LedgerStatus[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: transactions.id,
      status: transactions.status,
      creationState: transactions.creationState,
      statusChangedAt: transactions.statusChangedAt,
    })
    .from(transactions)
    .where(and(inArray(transactions.id, ids), visibleInLedger(transactions), storeScopeCondition(transactions.storeId, stores)));
}
