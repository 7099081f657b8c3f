// A list's optional columns and density as the URL carries them (`?cols=amount.status`,
// `?density=compact`), shared by every list drawn with components/ui/data-table.tsx (issue #53).
// The URL is where the choice lives, so a saved view or a shared link shows the same table; each
// list's own file names its columns (e.g. lib/vocabulary/ledger-columns.ts).

export const tableDensities = ["comfortable", "compact"] as const;
export type TableDensity = (typeof tableDensities)[number];
export const defaultTableDensity: TableDensity = "comfortable";

/**
 * The names' separator in `?cols=`: a dot, which a URL keeps as it is (a comma is written %2C by
 * URLSearchParams). A comma is still read, so older links keep working.
 */
const columnSeparator = ".";

/**
 * `?cols=` as a list of `known` names ("amount.status.time"): every name known, none twice, at least
 * one. Undefined for text that is not such a list (the caller's parser gives its message).
 */
export function parseTableColumns<Column extends string>(known: readonly Column[], text: string): Column[] | undefined {
  const names = text.split(/[.,]/).map((name) => name.trim());
  const set = new Set<string>(known);
  if (names.length === 0 || names.some((name) => !set.has(name))) return undefined;
  if (new Set(names).size !== names.length) return undefined;
  return names as Column[];
}

/** The `?cols=` value for a choice; undefined when it is the default (every column, in order). */
export function tableColumnsParam<Column extends string>(all: readonly Column[], columns: readonly Column[]): string | undefined {
  const isDefault = columns.length === all.length && columns.every((column, index) => all[index] === column);
  return isDefault ? undefined : columns.join(columnSeparator);
}

/** The list's URL with this look (`path`, and the rest of its query `baseQuery` without "?", cols or density, kept). */
export function tableLookHref<Column extends string>(
  path: string,
  baseQuery: string,
  all: readonly Column[],
  columns: readonly Column[],
  density: TableDensity,
): string {
  const params = new URLSearchParams(baseQuery);
  params.delete("cols");
  params.delete("density");
  const cols = tableColumnsParam(all, columns);
  if (cols) params.set("cols", cols);
  if (density !== defaultTableDensity) params.set("density", density);
  const text = params.toString();
  return `${path}${text ? `?${text}` : ""}`;
}

/**
 * A list's look as a live (client) table gets it from its page (components/ui/list-look.tsx's
 * `forClient`): the columns shown in order, their headers, the density, and the `?cols=`/`?density=`
 * values its own links keep.
 */
export type TableLook<Column extends string> = {
  columns: Column[];
  names: Record<Column, string>;
  density: TableDensity;
  kept: { cols?: string; density?: string };
};

/**
 * A list's look from its query (`?cols=`, `?density=`): the columns shown (every one, in order, when
 * `cols` is absent or not a valid list) and the density (comfortable unless `compact`), with the
 * values a link keeps (none for the defaults). For lists whose look needs no error of its own (the
 * ledger's form reports one instead).
 */
export function readTableLook<Column extends string>(
  all: readonly Column[],
  query: { cols?: string; density?: string },
): { columns: Column[]; density: TableDensity; kept: { cols?: string; density?: string } } {
  const columns = (query.cols ? parseTableColumns(all, query.cols) : undefined) ?? [...all];
  const density = tableDensities.find((known) => known === query.density) ?? defaultTableDensity;
  const cols = tableColumnsParam(all, columns);
  return {
    columns,
    density,
    kept: { ...(cols ? { cols } : {}), ...(density !== defaultTableDensity ? { density } : {}) },
  };
}
