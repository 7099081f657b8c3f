// The Transactions list's optional columns and density, as the URL carries them (`?cols=` and
// `?density=`), so a saved view or a shared link shows the same table. The transaction's id is
// always the first column (it links to the row); the others may be hidden and reordered.
export const ledgerOptionalColumns = ["kind", "amount", "status", "party", "reference", "createdBy", "time"] as const;
export type LedgerOptionalColumn = (typeof ledgerOptionalColumns)[number];

export const ledgerDensities = ["comfortable", "compact"] as const;
export type LedgerDensity = (typeof ledgerDensities)[number];
export const defaultLedgerDensity: LedgerDensity = "comfortable";

const known = new Set<string>(ledgerOptionalColumns);

/**
 * The names' separator in `?cols=`: a dot, which a URL keeps as it is (a comma, the first choice,
 * is written %2C by URLSearchParams: `cols=amount%2Cstatus`). A comma is still read, so links and
 * saved views made with it keep working.
 */
const columnSeparator = ".";

/**
 * `?cols=` as a list ("amount.status.time"): every name known, none twice, at least one. Returns
 * undefined for text that is not such a list (the query's parser gives its message).
 */
export function parseLedgerColumns(text: string): LedgerOptionalColumn[] | undefined {
  const names = text.split(/[.,]/).map((name) => name.trim());
  if (names.length === 0 || names.some((name) => !known.has(name))) return undefined;
  if (new Set(names).size !== names.length) return undefined;
  return names as LedgerOptionalColumn[];
}

/** The `?cols=` value for a choice; undefined when it is the default (every column, in order). */
export function ledgerColumnsParam(columns: readonly LedgerOptionalColumn[]): string | undefined {
  const isDefault =
    columns.length === ledgerOptionalColumns.length && columns.every((column, index) => ledgerOptionalColumns[index] === column);
  return isDefault ? undefined : columns.join(columnSeparator);
}
