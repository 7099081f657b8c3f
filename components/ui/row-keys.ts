// The data table's keyboard navigation (issue #53), as plain functions the client frame
// (components/ui/row-navigation.ts) calls: which key does what to which row. One row at a time is in
// the page's tab order (a roving tabindex): Up and Down move to the row beside it, Home and End to
// the first and last, Enter opens the row's link. A key with Ctrl, Alt or Meta is left to the
// browser (shortcuts), and so is a key pressed on something inside a row (a link, a button).

export type RowKeyAction = { move: number } | { open: true };

/** What `key` does on row `index` of `count` rows; undefined when the table leaves it to the browser. */
export function rowKeyAction(
  key: string,
  index: number,
  count: number,
  modifiers: { ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean } = {},
): RowKeyAction | undefined {
  if (modifiers.ctrlKey || modifiers.altKey || modifiers.metaKey || count === 0) return undefined;
  const last = count - 1;
  switch (key) {
    case "ArrowDown":
      return { move: Math.min(index + 1, last) };
    case "ArrowUp":
      return { move: Math.max(index - 1, 0) };
    case "Home":
      return { move: 0 };
    case "End":
      return { move: last };
    case "Enter":
      return { open: true };
    default:
      return undefined;
  }
}

/** The row to keep in the tab order: the one that had it while it is still listed, else the first. */
export function tabStopRow<Row>(rows: readonly Row[], current: Row | null | undefined): Row | undefined {
  return current && rows.includes(current) ? current : rows[0];
}
