// The one parser of a list's `?sort=` and the one encoding of its keyset page cursors (issue #53;
// the orders themselves are described in lib/vocabulary/list-sort.ts). The Transactions list and
// every list drawn with components/ui/data-table.tsx use these.
//
//   const sort = parseListSort(auditLogSort, query.sort);      // { sort: "-occurred" } or { sort: default, error }
//   const cursor = decodeListCursor(query.cursor);              // undefined when altered or malformed
//   if (cursor && !cursorFitsSort(auditLogSort, sort.sort, cursor)) ... // made for another order: refuse it
//   href = `?${new URLSearchParams({ sort: "-action", cursor: encodeListCursor(next) })}`
//
// A cursor is the key of the row next to the page: its id, the direction to read, the row's exact
// time (`time`: the list's default order column, with microseconds) and, in another order, the
// row's value of the sort's column (`value`). It travels as base64url JSON ({t, i, d, v}), the form
// the Transactions list's links always had.
import * as z from "@/lib/schemas/zod";
import {
  cursorTimePattern,
  type ListCursor,
  type ListSort,
  type ListSortSpec,
  maxTextSortValueLength,
  sortColumnOf,
  sortValueFits,
} from "@/lib/vocabulary/list-sort";

export type { ListCursor };

/**
 * `?sort=` for this list: one of its orders, or the default with an error (the given message key)
 * for anything else. Absent or empty text is the default without error.
 */
export function parseListSort<Column extends string>(
  spec: ListSortSpec<Column>,
  text: string | undefined,
  message = "errors.list.sort",
): { sort: ListSort<Column>; error?: string } {
  if (text === undefined || text === "") return { sort: spec.defaultSort };
  const parsed = listSortSchema(spec, message).safeParse(text);
  return parsed.success ? { sort: parsed.data } : { sort: spec.defaultSort, error: parsed.error.issues[0]?.message ?? message };
}

/** The zod schema of a list's `?sort=` values. */
export function listSortSchema<Column extends string>(spec: ListSortSpec<Column>, message: string) {
  return z.enum(spec.sorts as [ListSort<Column>, ...ListSort<Column>[]], { error: message });
}

const cursorSchema = z.object({
  t: z.optional(
    z.string().check(
      z.regex(cursorTimePattern),
      z.refine((text) => !Number.isNaN(Date.parse(text))),
    ),
  ),
  // A uuid or a positive integer (bigserial ids).
  i: z.union([z.uuid(), z.string().check(z.regex(/^\d{1,19}$/))]),
  d: z.enum(["older", "newer"]),
  v: z.optional(z.string().check(z.maxLength(maxTextSortValueLength))),
});

export function encodeListCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify({ t: cursor.time, i: cursor.id, d: cursor.direction, v: cursor.value })).toString("base64url");
}

/** The cursor a link carries, or undefined for text that is not one (altered, cut, or from elsewhere). */
export function decodeListCursor(text: string): ListCursor | undefined {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
    if (!parsed.success) return undefined;
    const { t, i, d, v } = parsed.data;
    return { id: i, direction: d, ...(t === undefined ? {} : { time: t }), ...(v === undefined ? {} : { value: v }) };
  } catch {
    return undefined;
  }
}

/**
 * Whether a page link was made for this order: on the default order's column (either way) it needs
 * no value, in another order it carries a value of the sort column's kind.
 */
export function cursorFitsSort<Column extends string>(spec: ListSortSpec<Column>, sort: ListSort<Column>, cursor: ListCursor): boolean {
  if (sortColumnOf(sort) === sortColumnOf(spec.defaultSort)) return true;
  return sortValueFits(spec.kindOf(sortColumnOf(sort)), cursor.value);
}

/**
 * A list's order and page from `?sort=` and `?cursor=`: an unknown order is the default, and a
 * cursor is kept only when its value has the form of the order's column (a link made for another
 * order, altered or cut, is the first page). `sortParam` is the order to write in links (absent for
 * the default). For lists with one query of their own (the Approvals queue, the event deliveries).
 */
export function parseListView<Column extends string>(
  spec: ListSortSpec<Column>,
  sortText: string | undefined,
  cursorText: string | undefined,
): { sort: ListSort<Column>; sortParam?: ListSort<Column>; cursor?: ListCursor } {
  const { sort } = parseListSort(spec, sortText);
  const decoded = cursorText ? decodeListCursor(cursorText) : undefined;
  const cursor = decoded && sortValueFits(spec.kindOf(sortColumnOf(sort)), decoded.value) ? decoded : undefined;
  return { sort, ...(sort === spec.defaultSort ? {} : { sortParam: sort }), ...(cursor ? { cursor } : {}) };
}
