// Keyset pagination of a sorted list (issue #53), shared by the lists drawn with
// components/ui/data-table.tsx: a page is read from an index on (the sort's column, id) in either
// direction, from the key of the row next to it, so a deep page costs what the first one does. The
// order's description and the cursor's encoding are lib/vocabulary/list-sort.ts and
// lib/schemas/list-sort.ts; the Transactions list has its own page builder (ledger.ts: counts,
// search branches, prepared statements), with the same cursor.
//
//   const column = keysetColumn(callbackDeliveries.receivedAt, "timestamptz");
//   const page = await keysetPage(cursor, pageSize, ({ from, descending, limit }) =>
//     db.select({ ...columns, keyValue: column.key }).from(table)
//       .where(and(filters, keysetAfter(column, table.id, "uuid", from, descending)))
//       .orderBy(...keysetOrder(column, table.id, descending)).limit(limit));
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { ListCursor } from "@/lib/vocabulary/list-sort";

/**
 * A sortable column: its expression, its value as the cursor's text, the type that text is cast back
 * to, and where its nulls sort (see keysetColumn).
 */
export type KeysetColumn = { column: PgColumn | SQL; key: SQL<string>; type: SQL; nullsLast: boolean };

/** The types an id is cast to from a cursor: uuids, bigserials, and text ids (the operators', Better Auth's). */
export type KeysetIdType = "uuid" | "bigint" | "text";

/**
 * A column to sort by: a table's column or an SQL expression (`lower(name)`), indexed as written
 * here, with the id after it. Times are keyed in UTC with microseconds (a JS Date keeps only
 * milliseconds: a rounded key would skip or repeat rows created in the same millisecond).
 *
 * The index is (column, id) ascending, read forwards or backwards. `nullsLast` is for an index
 * declared (column DESC NULLS LAST, id DESC NULLS LAST) instead (drizzle's `.desc()`): the orders
 * then say so, or the planner cannot read that index and sorts. Either way the column must hold no
 * null in the rows listed (a cursor's value is never null): coalesce it in the expression otherwise.
 */
export function keysetColumn(
  column: PgColumn | SQL,
  type: "timestamptz" | "bigint" | "integer" | "text",
  options: { nullsLast?: boolean } = {},
): KeysetColumn {
  const key =
    type === "timestamptz"
      ? sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
      : sql<string>`(${column})::text`;
  return { column, key, type: sql.raw(type), nullsLast: options.nullsLast ?? false };
}

/** Where the rows after `from` start, in the reading direction (a row comparison the index reads). */
export function keysetAfter(
  sorted: KeysetColumn,
  id: PgColumn,
  idType: KeysetIdType,
  from: { value: string; id: string } | undefined,
  descending: boolean,
): SQL | undefined {
  if (!from) return undefined;
  const key = sql`(${sql`${from.value}::${sorted.type}`}, ${sql`${from.id}::${sql.raw(idType)}`})`;
  return descending ? sql`(${sorted.column}, ${id}) < ${key}` : sql`(${sorted.column}, ${id}) > ${key}`;
}

/**
 * Newest first, as an index declared `.desc()` holds the rows (drizzle writes it DESC NULLS LAST):
 * drizzle's `desc()` in an ORDER BY is DESC NULLS FIRST, which such an index does not give, so
 * PostgreSQL read the whole table and sorted it (the cash-out page's recent list, the decided payout
 * requests, the notification centre: app/(dashboard)/pages-read-by-index.integration.test.ts). An
 * index in ascending order is read backwards for `desc()`, which is right there.
 */
export function newestFirst(time: PgColumn, id: PgColumn): SQL[] {
  return [sql`${time} desc nulls last`, sql`${id} desc nulls last`];
}

/** ORDER BY terms the index gives, either way. */
export function keysetOrder(sorted: KeysetColumn, id: PgColumn, descending: boolean): SQL[] {
  if (sorted.nullsLast) {
    return descending
      ? [sql`${sorted.column} desc nulls last`, sql`${id} desc nulls last`]
      : [sql`${sorted.column} asc nulls first`, sql`${id} asc nulls first`];
  }
  return descending ? [sql`${sorted.column} desc`, sql`${id} desc`] : [sql`${sorted.column} asc`, sql`${id} asc`];
}

export type KeysetRead = { from?: { value: string; id: string }; descending: boolean; limit: number };
export type KeysetPage<Row> = { rows: Row[]; newer?: ListCursor; older?: ListCursor };

/**
 * One page in the list's order (`descending` for "-column"), from `cursor`, with the cursors to the
 * pages beside it (absent at either end). "older" is the next page in the list's order, "newer" the
 * previous one, whatever the order. `read` reads `limit` rows from `from` in the given direction;
 * each row carries its sort value as `keyValue`.
 */
export async function keysetPage<Row extends { id: string; keyValue: string }>(
  cursor: ListCursor | undefined,
  pageSize: number,
  listDescending: boolean,
  read: (options: KeysetRead) => Promise<Row[]>,
): Promise<KeysetPage<Row>> {
  const from = cursor?.value === undefined ? undefined : { value: cursor.value, id: cursor.id };
  const keyOf = (row: Row, direction: ListCursor["direction"]): ListCursor => ({ id: row.id, direction, value: row.keyValue });
  if (cursor && from && cursor.direction === "newer") {
    const newerRows = await read({ from, descending: !listDescending, limit: pageSize + 1 });
    // Fewer than a page before it: that is the first page, shown in full from the top.
    if (newerRows.length <= pageSize) return keysetPage(undefined, pageSize, listDescending, read);
    const rows = newerRows.slice(0, pageSize).reverse();
    return { rows, newer: keyOf(rows[0]!, "newer"), older: keyOf(rows.at(-1)!, "older") };
  }
  const olderRows = await read({ from, descending: listDescending, limit: pageSize + 1 });
  const rows = olderRows.slice(0, pageSize);
  if (rows.length === 0) return { rows };
  return {
    rows,
    ...(from ? { newer: keyOf(rows[0]!, "newer") } : {}),
    ...(olderRows.length > pageSize ? { older: keyOf(rows.at(-1)!, "older") } : {}),
  };
}
