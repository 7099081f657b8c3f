// Keyset pages in a chosen order for the smaller lists (issue #53: operators, API keys, payment
// links, customers): each order is one SQL expression plus the row's id as the tie-breaker, walked
// forwards or backwards on an index of (expression DESC NULLS LAST, id DESC NULLS LAST), so a deep
// page costs what the first does. The cursor carries the row's value of the expression as text
// (timestamps to the microsecond, in UTC) and its id; it is cast back to the expression's type.
import { type SQL, sql } from "drizzle-orm";
import type { KeysetCursor, KeysetDirection, KeysetFrom, KeysetPage } from "@/lib/vocabulary/list-orders";

export type { KeysetCursor, KeysetDirection, KeysetFrom, KeysetPage };

/** How one order reads its rows: the sorted expression (never null), its type, the id and its type. */
export type KeysetOrder = {
  expression: SQL;
  type: "timestamptz" | "bigint" | "text";
  id: SQL;
  idType: "uuid" | "text";
};

/** The expression's value as the cursor's text: exact for timestamps (microseconds, UTC). */
export function keysetValue(order: KeysetOrder): SQL<string> {
  return order.type === "timestamptz"
    ? sql<string>`to_char(${order.expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql<string>`(${order.expression})::text`;
}

/** The condition "after the cursor" in the page's direction (undefined on the first page). */
export function keysetAfter(order: KeysetOrder, descending: boolean, after: KeysetCursor | undefined): SQL | undefined {
  if (!after) return undefined;
  const type = sql.raw(order.type);
  const idType = sql.raw(order.idType);
  return descending
    ? sql`(${order.expression}, ${order.id}) < (${after.value}::${type}, ${after.id}::${idType})`
    : sql`(${order.expression}, ${order.id}) > (${after.value}::${type}, ${after.id}::${idType})`;
}

/** ORDER BY terms matching the index (expression DESC NULLS LAST, id DESC NULLS LAST) either way. */
export function keysetOrderBy(order: KeysetOrder, descending: boolean): SQL[] {
  return descending
    ? [sql`${order.expression} desc nulls last`, sql`${order.id} desc nulls last`]
    : [sql`${order.expression} asc nulls first`, sql`${order.id} asc nulls first`];
}

/**
 * One page of `size` rows in the list's order (`descending` or not) from `from`: `read` is given the
 * direction to walk the index, the cursor and how many rows to read (one more than the page, to
 * know whether there is another). Reading back ("newer") walks the other way and turns the rows
 * round; when fewer than a page lie before the cursor, the first page is read instead.
 */
export async function readKeysetPage<Row extends { id: string; keysetValue: string }>(
  read: (descending: boolean, after: KeysetCursor | undefined, limit: number) => Promise<Row[]>,
  descending: boolean,
  from: KeysetFrom | undefined,
  size: number,
): Promise<KeysetPage<Omit<Row, "keysetValue">>> {
  const key = (row: Row): KeysetCursor => ({ value: row.keysetValue, id: row.id });
  const strip = (rows: Row[]) => rows.map(({ keysetValue: _value, ...row }) => row);
  if (from?.direction === "newer") {
    const back = await read(!descending, from.cursor, size + 1);
    if (back.length <= size) return readKeysetPage(read, descending, undefined, size);
    const rows = back.slice(0, size).reverse();
    return { rows: strip(rows), newer: key(rows[0]!), older: key(rows.at(-1)!) };
  }
  const read_ = await read(descending, from?.cursor, size + 1);
  const rows = read_.slice(0, size);
  return {
    rows: strip(rows),
    ...(read_.length > size ? { older: key(rows.at(-1)!) } : {}),
    ...(from && rows.length ? { newer: key(rows[0]!) } : {}),
  };
}
