// A list's order as the URL carries it (`?sort=amount`, `?sort=-amount`: "-" for descending), shared
// by every sortable list (issue #53): the Transactions list, the callback log, the audit log, the event
// deliveries, the approvals and the others converted to components/ui/data-table.tsx.
//
// How a list declares its sorts (one typed description per list, next to its query):
//
//   export const auditLogSort = defineListSort({ occurred: "time", action: "text" }, "-occurred");
//   auditLogSort.sorts           // ["-occurred", "occurred", "-action", "action"]: the zod enum's values
//   auditLogSort.kindOf("action") // "text": what a page cursor's value must look like
//
// The server parses `?sort=` with lib/schemas/list-sort.ts (zod) and pages with keyset cursors on
// (the sort's column, id) encoded there too; every sortable column must be read from an index in
// both directions (no sort that reads every row at a million).

/** What a column's value is, as a page cursor carries it. */
export type SortValueKind = "time" | "integer" | "text";

/** A list's order: a column's name, "-" first when descending. */
export type ListSort<Column extends string> = Column | `-${Column}`;

export type ListSortSpec<Column extends string> = {
  /** The sortable columns, in the order the headers show them. */
  columns: readonly Column[];
  /** Every order, descending first for each column (the values `?sort=` accepts). */
  sorts: readonly ListSort<Column>[];
  /** The order without `?sort=` (never written in links). */
  defaultSort: ListSort<Column>;
  kindOf: (column: Column) => SortValueKind;
};

export function defineListSort<Column extends string>(
  columns: Readonly<Record<Column, SortValueKind>>,
  defaultSort: ListSort<NoInfer<Column>>,
): ListSortSpec<Column> {
  const names = Object.keys(columns) as Column[];
  return {
    columns: names,
    sorts: names.flatMap((column) => [`-${column}` as const, column]),
    defaultSort,
    kindOf: (column) => columns[column],
  };
}

/** The column an order reads. */
export function sortColumnOf<Column extends string>(sort: ListSort<Column>): Column {
  return (sort.startsWith("-") ? sort.slice(1) : sort) as Column;
}

export function isDescending(sort: string): boolean {
  return sort.startsWith("-");
}

/** The order a header's link asks for: the column descending, or ascending when the list is already so. */
export function nextSort<Column extends string>(current: ListSort<Column>, column: Column): ListSort<Column> {
  return current === `-${column}` ? column : `-${column}`;
}

/** The header's `aria-sort` for a column: set only on the column the list is in the order of. */
export function sortStateOf<Column extends string>(current: ListSort<Column>, column: Column): "ascending" | "descending" | undefined {
  if (current === `-${column}`) return "descending";
  if (current === column) return "ascending";
  return undefined;
}

/** A UTC instant with microseconds, as cursors carry times (a JS Date keeps only milliseconds). */
export const cursorTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Whether a cursor's value has the form of a column of that kind. */
export function sortValueFits(kind: SortValueKind, value: string | undefined): boolean {
  if (value === undefined) return false;
  if (kind === "time") return cursorTimePattern.test(value) && !Number.isNaN(Date.parse(value));
  if (kind === "integer") return /^-?\d{1,18}$/.test(value);
  return value.length <= maxTextSortValueLength;
}

/** The longest text value a cursor carries (a longer column value is cut by the query's key). */
export const maxTextSortValueLength = 300;
