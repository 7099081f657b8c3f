// The dashboard's plain data table: a scrollable frame, a caption for screen readers, column
// headers; rows are the caller's <tr> elements. On phones (below 40rem) each row is a stacked card
// and each cell is headed by its column's name (.stacked-table in app/globals.css): the names travel
// as CSS custom properties, so callers' cells need nothing of their own.
import type { CSSProperties, ReactNode } from "react";

/** The custom properties --col-1… holding the column names as CSS strings, for the cells' ::before. */
export function columnNameProperties(columns: string[]): CSSProperties {
  return Object.fromEntries(columns.map((column, index) => [`--col-${index + 1}`, JSON.stringify(column)])) as CSSProperties;
}

export function DataTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-300 bg-white">
      <table className="stacked-table w-full text-left text-sm" style={columnNameProperties(columns)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
