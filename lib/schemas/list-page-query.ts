// A keyset list page's query (issue #53: operators, API keys, payment links, customers): `?sort=`
// parsed by the one parser and `?cursor=` decoded by the one cursor encoding (lib/schemas/list-sort.ts),
// turned into where lib/db/queries/keyset-order.ts starts reading, and back into page links.
import { cursorFitsSort, decodeListCursor, type ListCursor, parseListSort } from "@/lib/schemas/list-sort";
import type { KeysetCursor, KeysetDirection, KeysetFrom } from "@/lib/vocabulary/list-orders";
import { type ListSort, type ListSortSpec, sortColumnOf } from "@/lib/vocabulary/list-sort";

type IdType = "uuid" | "text";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A page link's cursor (lib/schemas/list-sort.ts) as these queries read it: the row's value of the
 * sort's column (`time` in the default order's column, `value` in another) and its id. Undefined for
 * a cursor made for another order or another list (the page says the link is out of date).
 */
export function keysetFromListCursor<Column extends string>(
  spec: ListSortSpec<Column>,
  sort: ListSort<Column>,
  cursor: ListCursor,
  idType: IdType,
): KeysetFrom | undefined {
  const inDefaultColumn = sortColumnOf(sort) === sortColumnOf(spec.defaultSort);
  const value = inDefaultColumn ? cursor.time : cursor.value;
  if (value === undefined || (idType === "uuid" && !uuidPattern.test(cursor.id))) return undefined;
  return { cursor: { value, id: cursor.id }, direction: cursor.direction };
}

/** The page link's cursor for a row's key in this order (the inverse of keysetFromListCursor). */
export function listCursorOf<Column extends string>(
  spec: ListSortSpec<Column>,
  sort: ListSort<Column>,
  key: KeysetCursor,
  direction: KeysetDirection,
): ListCursor {
  const inDefaultColumn = sortColumnOf(sort) === sortColumnOf(spec.defaultSort);
  return inDefaultColumn ? { id: key.id, direction, time: key.value } : { id: key.id, direction, value: key.value };
}

/**
 * A list page's `?sort=` and `?cursor=` read together: the order (the default, with `sortError`,
 * for an unknown one) and where to start; `cursorGone` when a cursor was given but is broken or was
 * made for another order (the page then starts at the top and says so).
 */
export function readListPageQuery<Column extends string>(
  spec: ListSortSpec<Column>,
  params: { sort?: string; cursor?: string },
  idType: IdType,
): { sort: ListSort<Column>; sortError?: string; from?: KeysetFrom; cursorGone: boolean } {
  const parsed = parseListSort(spec, params.sort || undefined, "errors.list.sort");
  const cursor = params.cursor ? decodeListCursor(params.cursor) : undefined;
  const from = cursor && cursorFitsSort(spec, parsed.sort, cursor) ? keysetFromListCursor(spec, parsed.sort, cursor, idType) : undefined;
  return {
    sort: parsed.sort,
    ...(parsed.error ? { sortError: parsed.error } : {}),
    ...(from ? { from } : {}),
    cursorGone: Boolean(params.cursor) && !from,
  };
}
