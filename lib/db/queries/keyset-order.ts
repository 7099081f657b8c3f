// Keyset pages in a chosen order for the smaller lists (issue #53: operators, API keys, payment
// links, customers): each order is one SQL expression plus the row's id as the tie-breaker, walked
// forwards or backwards on an index of (expression DESC NULLS LAST, id DESC NULLS LAST), so a deep
// page costs what the first does. The cursor carries the row's value of the expression as text
// (timestamps to the microsecond, in UTC) and its id; it is cast back to the expression's type.
import { type SQL, sql } from "drizzle-orm";

/** How one order reads its rows: the sorted expression (never null), its type, the id and its type. */
export type KeysetOrder = {
  expression: SQL;
  type: "timestamptz" | "bigint" | "text";
  id: SQL;
  idType: "uuid" | "text";
};

/** Where a page starts: strictly after the row holding this value and id in the page's order. */
export type KeysetCursor = { value: string; id: string };

/**
 * The expression's value as the cursor's text: exact for timestamps (microseconds, UTC; an infinite
 * one, such as a never-used key's '-infinity', as PostgreSQL writes it).
 */
export function keysetValue(order: KeysetOrder): SQL<string> {
  return order.type === "timestamptz"
    ? sql<string>`case when isfinite(${order.expression}) then to_char(${order.expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') else (${order.expression})::text end`
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
 * A page out of `size + 1` rows read: the first `size`, and the cursor after the last of them when
 * there was one more. Rows carry their cursor value as `keysetValue`.
 */
export function keysetPage<Row extends { id: string; keysetValue: string }>(
  rows: Row[],
  size: number,
): { rows: Omit<Row, "keysetValue">[]; next?: KeysetCursor } {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  const next = rows.length > size && last ? { value: last.keysetValue, id: last.id } : undefined;
  return { rows: page.map(({ keysetValue: _value, ...row }) => row), next };
}
