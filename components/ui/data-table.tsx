// The dashboard's one data table (issue #53): every list draws its rows in it.
//
// What it gives: a scrollable frame, a caption for screen readers, column headers (sortable ones
// are links with `aria-sort` and a spoken label: components/ui/sort-header.tsx), a density
// (comfortable or compact), a sticky header (the frame then scrolls, as a focusable, named region),
// an empty state in place of the table, keyboard navigation of the rows on laptops (one row in the
// tab order, the arrows, Home and End move, Enter opens the row's first link:
// components/ui/row-navigation.ts), and the phone layout: below 40rem each row is a stacked card
// and each cell is headed by its column's name (.stacked-table in app/globals.css; the names travel
// as CSS custom properties, so callers' cells need nothing of their own).
//
// How a list uses it (a server component; rows are the caller's <tr> elements, one cell per shown
// column, in the same order as `columns`):
//
//   const { sort } = parseListSort(callbackLogSort, query.sort);          // lib/schemas/list-sort.ts
//   <DataTable
//     caption={t["inbox.caption"]}
//     columns={[
//       { key: "received", name: t["timeline.receivedAt"],
//         sort: sortHeaderLink(sort, "received", (next) => listHref({ sort: next }), (next) => spokenLabel(next)) },
//       ...shown.map((key) => ({ key, name: names[key] })),              // the operator's columns, in order
//     ]}
//     density={density}                                                  // ?density= (lib/vocabulary/table-columns.ts)
//     sticky
//     empty={<div>…nothing matches; what to do…</div>}
//   >
//     {rows.map((row) => <tr key={row.id}>…</tr>)}
//   </DataTable>
//   <KeysetPagination first=… previous=… next=… t={t} />                   // components/ui/keyset-pagination.tsx
//
// The whole of it in use: app/(dashboard)/callback-logs/page.tsx (its query: listInboxPage in
// lib/db/queries/callback-deliveries.ts, on lib/db/queries/list-keyset.ts).
//
// Columns may also be plain strings (a list that neither sorts nor chooses columns). Choosing and
// reordering columns and the density is components/ui/columns-menu.tsx, with the choice in the URL
// (lib/vocabulary/table-columns.ts). Rows need no padding classes: the table sets the cells' look.
import type { CSSProperties, ReactNode } from "react";
import { Children, Fragment } from "react";
import { SortArrow, SortHeader, type SortHeaderLink } from "@/components/ui/sort-header";
import { TableFrame } from "@/components/ui/table-frame";
import type { TableDensity } from "@/lib/vocabulary/table-columns";
import { fill } from "@/lib/i18n/fill";
import type { Messages } from "@/lib/i18n/messages";
import { encodeListCursor } from "@/lib/schemas/list-sort";
import { isDescending, type ListCursor, type ListSort, type ListSortSpec, nextSort, sortStateOf } from "@/lib/vocabulary/list-sort";

/** The custom properties --col-1… holding the column names as CSS strings, for the cells' ::before. */
export function columnNameProperties(columns: string[]): CSSProperties {
  return Object.fromEntries(columns.map((column, index) => [`--col-${index + 1}`, JSON.stringify(column)])) as CSSProperties;
}

/**
 * A row's optional cells in the chosen order (`?cols=`): `cellOf` names one function per column,
 * each returning its <td>. Server pages get it through components/ui/list-look.tsx; a live (client)
 * table calls it directly.
 */
export function chosenCells<Column extends string, Row>(
  columns: readonly Column[],
  row: Row,
  cellOf: Record<Column, (row: Row) => ReactNode>,
): ReactNode[] {
  return columns.map((column) => <Fragment key={column}>{cellOf[column](row)}</Fragment>);
}

export type DataTableColumn = {
  /** Stable key (the column's name in `?cols=`, or any unique text). */
  key: string;
  /** The header, and the name above the cell on phones. */
  name: string;
  /** Present when the list sorts by this column. */
  sort?: SortHeaderLink;
  align?: "left" | "right";
};

/**
 * A header's sort link for `column`: the column's next order (descending first), its URL by
 * `hrefFor`, its spoken name by `labelFor` (given the column's header and the order asked for), and
 * `aria-sort` when the list is in that column's order now.
 */
export function sortHeaderLink<Column extends string>(
  current: ListSort<Column>,
  column: Column,
  hrefFor: (sort: ListSort<Column>) => string,
  labelFor: (sort: ListSort<Column>) => string,
): SortHeaderLink {
  const next = nextSort(current, column);
  const state = sortStateOf(current, column);
  return { href: hrefFor(next), label: labelFor(next), ...(state ? { state } : {}) };
}

/**
 * The links of a sorted, keyset-paginated list whose orders need no words of their own (operators,
 * API keys, payment links, customers; the logs name each order, "Newest first"): its URL at `path`
 * with `kept` (a search) and the order (none for the default), `columns` turning [key, header] pairs
 * into columns (sortable when the key is one of the spec's: spoken "<column>: sort
 * descending/ascending", table.* messages), and `pages` the props of components/ui/keyset-pagination.tsx.
 *
 *   const list = sortedListLinks(paymentLinksSort, sort, cursor, "/payment-links", {}, t);
 *   <DataTable columns={list.columns([["name", t["paymentLinks.column.name"]], …])} …/>
 *   <KeysetPagination {...list.pages(page)} t={t} />
 */
export function sortedListLinks<Column extends string>(
  spec: ListSortSpec<Column>,
  sort: ListSort<Column>,
  cursor: ListCursor | undefined,
  path: string,
  kept: Record<string, string | undefined>,
  t: Messages,
) {
  const href = (order: ListSort<Column>, page?: ListCursor) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(kept)) if (value) params.set(name, value);
    if (order !== spec.defaultSort) params.set("sort", order);
    if (page) params.set("cursor", encodeListCursor(page));
    const text = params.toString();
    return text ? `${path}?${text}` : path;
  };
  return {
    columns: (pairs: readonly (readonly [string, string])[]): DataTableColumn[] =>
      pairs.map(([key, name]) =>
        spec.columns.includes(key as Column)
          ? {
              key,
              name,
              sort: {
                ...sortHeaderLink(sort, key as Column, href, (next) =>
                  fill(t["table.sortColumn"], {
                    column: name,
                    order: t[isDescending(next) ? "table.sort.descending" : "table.sort.ascending"],
                  }),
                ),
                // These lists have no order field in a filter form: phones get the order as links.
                phoneOrder: t["table.order"],
              },
            }
          : { key, name },
      ),
    pages: (page: { newer?: ListCursor; older?: ListCursor }) => ({
      ...(cursor ? { first: href(sort) } : {}),
      ...(page.newer ? { previous: href(sort, page.newer) } : {}),
      ...(page.older ? { next: href(sort, page.older) } : {}),
    }),
  };
}

// Every cell's padding and alignment and each row's border come from rules on the table, not from
// classes on every row (less for the server to write).
const cellLook = "[&_td]:px-3 [&_td]:align-top [&_th]:px-3 [&_th]:align-top [&_tbody_tr]:border-t [&_tbody_tr]:border-slate-200";
const densityLook: Record<TableDensity, string> = {
  comfortable: "text-sm [&_td]:py-2 [&_th]:py-2",
  compact: "text-xs [&_td]:py-1 [&_th]:py-1",
};
// Sticky: the header cells stay at the top of the frame, which scrolls (a page's own scroll cannot
// hold a header inside a frame that scrolls sideways).
const stickyHeaderLook = "[&_thead_th]:sticky [&_thead_th]:top-0 [&_thead_th]:z-10 [&_thead_th]:bg-slate-100";

export function DataTable({
  caption,
  columns,
  children,
  density = "comfortable",
  sticky = false,
  empty,
  testId,
}: {
  /** Names the table for screen readers (and the scrolling region, when sticky). */
  caption: string;
  columns: (string | DataTableColumn)[];
  /** The rows: <tr> elements, one cell per column. */
  children: ReactNode;
  density?: TableDensity;
  /** Keep the header in view: the frame scrolls (at most 70% of the window's height). */
  sticky?: boolean;
  /** Shown instead of the table when there is no row: say what to do (clear a filter, create one…). */
  empty?: ReactNode;
  testId?: string;
}) {
  if (empty !== undefined && Children.count(children) === 0) return <>{empty}</>;
  const described = columns.map((column) => (typeof column === "string" ? { key: column, name: column } : column));
  const table = (
    <table
      className={`stacked-table w-full text-left ${densityLook[density]} ${cellLook} ${sticky ? stickyHeaderLook : ""}`}
      style={columnNameProperties(described.map((column) => column.name))}
      data-density={density}
      data-testid={testId}
    >
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-slate-100">
        <tr>
          {described.map((column) => (
            <SortHeader
              key={column.key}
              name={column.name}
              sort={column.sort}
              className={column.align === "right" ? "text-right" : undefined}
              testId={column.sort ? `sort-${column.key}` : undefined}
            />
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  const frame = (
    <TableFrame
      className={`${sticky ? "max-h-[70vh] overflow-auto" : "overflow-x-auto"} rounded-lg border border-slate-300 bg-white`}
      {...(sticky ? { label: caption } : {})}
    >
      {table}
    </TableFrame>
  );
  // On phones the header (and its sort links) is hidden behind the cards: a list whose headers are
  // its only order control shows the same links above the cards there.
  const phoneOrder = described.flatMap((column) => (column.sort?.phoneOrder ? [{ ...column, sort: column.sort }] : []));
  if (phoneOrder.length === 0) return frame;
  const orderWord = phoneOrder[0]!.sort.phoneOrder;
  return (
    <>
      <nav aria-label={`${orderWord}: ${caption}`} className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm sm:hidden">
        <span aria-hidden="true" className="font-medium text-slate-700">
          {orderWord}
        </span>
        {phoneOrder.map((column) => (
          <a
            key={column.key}
            href={column.sort.href}
            aria-label={column.sort.label}
            aria-current={column.sort.state ? "true" : undefined}
            data-testid={`phone-sort-${column.key}`}
            className="inline-flex min-h-6 items-center gap-1 text-slate-900 underline decoration-slate-400 underline-offset-2"
          >
            {column.name}
            <SortArrow state={column.sort.state} />
          </a>
        ))}
      </nav>
      {frame}
    </>
  );
}
