// The data table's keys (components/ui/row-keys.ts): which row each key moves to, at the ends too,
// and what it leaves to the browser.
import { describe, expect, it } from "vitest";
import { rowKeyAction, tabStopRow } from "@/components/ui/row-keys";

describe("a data table's row keys", () => {
  it("moves one row up or down, and to the first or last row", () => {
    expect(rowKeyAction("ArrowDown", 2, 5)).toEqual({ move: 3 });
    expect(rowKeyAction("ArrowUp", 2, 5)).toEqual({ move: 1 });
    expect(rowKeyAction("Home", 3, 5)).toEqual({ move: 0 });
    expect(rowKeyAction("End", 1, 5)).toEqual({ move: 4 });
  });

  it("stays on the first or last row at the ends", () => {
    expect(rowKeyAction("ArrowUp", 0, 5)).toEqual({ move: 0 });
    expect(rowKeyAction("ArrowDown", 4, 5)).toEqual({ move: 4 });
    expect(rowKeyAction("ArrowDown", 0, 1)).toEqual({ move: 0 });
  });

  it("opens the row on Enter", () => {
    expect(rowKeyAction("Enter", 1, 5)).toEqual({ open: true });
  });

  it("leaves other keys, shortcuts and an empty table to the browser", () => {
    expect(rowKeyAction("Tab", 1, 5)).toBeUndefined();
    expect(rowKeyAction(" ", 1, 5)).toBeUndefined();
    expect(rowKeyAction("ArrowLeft", 1, 5)).toBeUndefined();
    expect(rowKeyAction("ArrowDown", 1, 5, { ctrlKey: true })).toBeUndefined();
    expect(rowKeyAction("End", 1, 5, { metaKey: true })).toBeUndefined();
    expect(rowKeyAction("Home", 1, 5, { altKey: true })).toBeUndefined();
    expect(rowKeyAction("ArrowDown", 0, 0)).toBeUndefined();
  });

  it("keeps the tab stop on its row while the row is listed, else on the first row", () => {
    const [a, b, c] = [{ id: "a" }, { id: "b" }, { id: "c" }];
    expect(tabStopRow([a, b, c], b)).toBe(b);
    expect(tabStopRow([a, c], b)).toBe(a);
    expect(tabStopRow([a, b, c], null)).toBe(a);
    expect(tabStopRow([], a)).toBeUndefined();
  });
});
