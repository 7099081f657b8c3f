// The sortable header and page links of the lists converted to components/ui/data-table.tsx in
// issue #53 (operators, API keys, payment links, customers): a header's link to the list in the
// column's next order, spoken as "<column>: sort descending/ascending", and the list's URL with its
// query (empty values left out, so the default order and the first page keep a clean URL).
import { type DataTableColumn, sortHeaderLink } from "@/components/ui/data-table";
import { fill } from "@/lib/i18n/fill";
import type { Messages } from "@/lib/i18n/messages";
import { isDescending, type ListSort, type ListSortSpec } from "@/lib/vocabulary/list-sort";

/** The list's URL: `path` and the query's non-empty values, in the order given. */
export function listHref(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * A data table column, sortable when `column` is one of the spec's: its header links to the next
 * order by `hrefFor` (the default order written as no `sort` at all).
 */
export function sortableColumn<Column extends string>(
  spec: ListSortSpec<Column>,
  current: ListSort<Column>,
  key: string,
  name: string,
  hrefFor: (sort: string | undefined) => string,
  t: Messages,
): DataTableColumn {
  const column = key as Column;
  if (!spec.columns.includes(column)) return { key, name };
  return {
    key,
    name,
    sort: sortHeaderLink(
      current,
      column,
      (next) => hrefFor(next === spec.defaultSort ? undefined : next),
      (next) => fill(t["list.sortBy"], { column: name, order: t[isDescending(next) ? "list.order.descending" : "list.order.ascending"] }),
    ),
  };
}
