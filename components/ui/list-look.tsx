// A list's chosen columns and density (issue #53), the one way a page drawn with
// components/ui/data-table.tsx offers the Columns control: read `?cols=` and `?density=`
// (lib/vocabulary/table-columns.ts), give the shown columns' headers and each row's cells in the
// chosen order, and render the control (components/ui/columns-menu.tsx) above the table.
//
//   const look = listLook(paymentLinkColumns, names, params);        // names: Record<Column, string>
//   const list = sortedListLinks(paymentLinksSort, sort, cursor, "/payment-links", look.kept, t);
//   const columns = list.columns([["name", t["paymentLinks.column.name"]], ...look.pairs]);
//   {look.menu({ path: "/payment-links", query: { sort: … }, hint: { first: t["paymentLinks.column.name"] }, t, testId: "payment-links-columns" })}
//   <DataTable columns={columns} density={look.density} …>
//     {rows.map((row) => <tr key={row.id}><td>…the fixed first cell…</td>{look.cells(row, cells)}</tr>)}
//   </DataTable>
//
// `cells` names one function per optional column, each returning its <td>.
import type { ReactNode } from "react";
import { ColumnsMenu } from "@/components/ui/columns-menu";
import { chosenCells } from "@/components/ui/data-table";
import { clientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import type { Messages } from "@/lib/i18n/messages";
import { readTableLook, type TableLook } from "@/lib/vocabulary/table-columns";

type Query = Record<string, string | string[] | undefined>;

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function listLook<Column extends string>(all: readonly Column[], names: Record<Column, string>, query: Query) {
  const look = readTableLook(all, { cols: one(query.cols), density: one(query.density) });
  return {
    ...look,
    /** The shown columns as [key, header] pairs, in order (for sortedListLinks' `columns`, or DataTable's). */
    pairs: look.columns.map((column) => [column, names[column]] as const),
    /** The look for a live (client) table the page renders (it calls chosenCells itself). */
    forClient: (): TableLook<Column> => ({ columns: look.columns, names, density: look.density, kept: look.kept }),
    /** A row's optional cells in the chosen order. */
    cells<Row>(row: Row, cellOf: Record<Column, (row: Row) => ReactNode>): ReactNode[] {
      return chosenCells(look.columns, row, cellOf);
    },
    /**
     * The Columns control, right-aligned above the table: `path` is the list's, `query` the rest of
     * its query (filters, order; empty values left out) that the control's links keep.
     */
    menu({
      path,
      query: rest,
      hint,
      t,
      testId,
    }: {
      path: string;
      query: Query;
      /** What stays whatever the choice: a text of the list's own, or the fixed first (and last) column's header. */
      hint: string | { first: string; last?: string };
      t: Messages;
      testId: string;
    }) {
      const kept = new URLSearchParams();
      for (const [name, value] of Object.entries(rest)) {
        const text = one(value);
        if (text) kept.set(name, text);
      }
      return (
        <div className="mb-2 flex justify-end">
          <ColumnsMenu
            all={all}
            columns={look.columns}
            density={look.density}
            names={names}
            hint={
              typeof hint === "string"
                ? hint
                : hint.last
                  ? fill(t["table.columnsHint.firstAndLast"], { first: hint.first, last: hint.last })
                  : fill(t["table.columnsHint.first"], { first: hint.first })
            }
            path={path}
            baseQuery={kept.toString()}
            t={clientMessages(t, "columnsMenu")}
            testId={testId}
          />
        </div>
      );
    },
  };
}
