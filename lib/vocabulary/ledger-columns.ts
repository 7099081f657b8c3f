// The Transactions list's optional columns and density, as the URL carries them (`?cols=` and
// `?density=`: the shared form of lib/vocabulary/table-columns.ts), so a saved view or a shared link
// shows the same table. The transaction's id is always the first column (it links to the row); the
// others may be hidden and reordered.
import {
  defaultTableDensity,
  parseTableColumns,
  type TableDensity,
  tableColumnsParam,
  tableDensities,
} from "@/lib/vocabulary/table-columns";

export const ledgerOptionalColumns = ["kind", "amount", "status", "party", "reference", "createdBy", "time"] as const;
export type LedgerOptionalColumn = (typeof ledgerOptionalColumns)[number];

export const ledgerDensities = tableDensities;
export type LedgerDensity = TableDensity;
export const defaultLedgerDensity: LedgerDensity = defaultTableDensity;

/** `?cols=` as a list of the ledger's columns; undefined for anything else. */
export function parseLedgerColumns(text: string): LedgerOptionalColumn[] | undefined {
  return parseTableColumns(ledgerOptionalColumns, text);
}

/** The `?cols=` value for a choice; undefined when it is the default (every column, in order). */
export function ledgerColumnsParam(columns: readonly LedgerOptionalColumn[]): string | undefined {
  return tableColumnsParam(ledgerOptionalColumns, columns);
}
