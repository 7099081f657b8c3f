// A data table's keyboard navigation (issue #53), loaded by components/ui/table-frame.tsx at the
// page's first key or pointer press (not with the page: the lists' routes stay within their JS
// budgets). On laptops one row at a time is in the tab order (a roving tabindex); Up and Down move
// to the row beside it, Home and End to the first and last, Enter opens the row's link (which key
// does what: components/ui/row-keys.ts). A focused row is the table's own row, so a screen reader
// says its cells and its place ("row 3 of 51"); the table is described by a hint saying which keys
// move (lib/i18n/table-keys-messages.ts, in the page's language), read as focus enters it. Below
// 40rem each row is a card (app/globals.css, .stacked-table), read in order: no row is focusable.
import { rowKeyAction, tabStopRow } from "@/components/ui/row-keys";
import { rowKeysHint } from "@/lib/i18n/table-keys-messages";

/** The width from which the table is a table (the cards' breakpoint in app/globals.css). */
const tableLayout = "(min-width: 40rem)";

function bodyRows(frame: HTMLElement): HTMLTableRowElement[] {
  const table = frame.querySelector("table");
  return table ? Array.from(table.tBodies).flatMap((body) => Array.from(body.rows)) : [];
}

/**
 * Makes the rows of the table in `frame` navigable by keyboard, now and as they change (a new page,
 * a live update); `showHint` is given the hint the table's aria-describedby (`hintId`) names, or
 * undefined on phones. Returns the function that undoes it.
 */
export function navigateRows(frame: HTMLElement, hintId: string, showHint: (hint: string | undefined) => void): () => void {
  const layout = matchMedia(tableLayout);
  let tabStop: HTMLTableRowElement | undefined;

  const makeTabStop = (row: HTMLTableRowElement) => {
    if (tabStop && tabStop !== row) tabStop.tabIndex = -1;
    row.tabIndex = 0;
    tabStop = row;
  };

  const sync = () => {
    const rows = bodyRows(frame);
    const table = frame.querySelector("table");
    if (!layout.matches) {
      for (const row of rows) row.removeAttribute("tabindex");
      table?.removeAttribute("aria-describedby");
      showHint(undefined);
      return;
    }
    tabStop = tabStopRow(rows, tabStop);
    for (const row of rows) row.tabIndex = row === tabStop ? 0 : -1;
    table?.setAttribute("aria-describedby", hintId);
    showHint(rowKeysHint(document.documentElement.lang));
  };

  // Focus inside a row (the row, or one of its links) makes it the row Tab comes back to.
  const onFocus = (event: FocusEvent) => {
    const row = (event.target as Element).closest("tr");
    if (layout.matches && row && bodyRows(frame).includes(row)) makeTabStop(row);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!layout.matches || !(event.target instanceof HTMLTableRowElement)) return;
    const rows = bodyRows(frame);
    const index = rows.indexOf(event.target);
    const action = index < 0 ? undefined : rowKeyAction(event.key, index, rows.length, event);
    if (!action) return;
    event.preventDefault();
    if ("open" in action) {
      // A click, so the row link's own handler (client-side navigation) runs as for a pointer.
      event.target.querySelector<HTMLAnchorElement>("a[data-row-link], a[href]")?.click();
      return;
    }
    const row = rows[action.move]!;
    makeTabStop(row);
    row.focus();
  };

  const stop = new AbortController();
  frame.addEventListener("keydown", onKeyDown, { signal: stop.signal });
  frame.addEventListener("focusin", onFocus, { signal: stop.signal });
  layout.addEventListener("change", sync, { signal: stop.signal });
  // Rows replaced (another page, a live list's update): the tab stop is kept or given to the first.
  const rowsChanged = new MutationObserver(sync);
  rowsChanged.observe(frame, { childList: true, subtree: true });
  sync();
  return () => {
    stop.abort();
    rowsChanged.disconnect();
  };
}
