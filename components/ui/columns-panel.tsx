"use client";
// The Columns control's panel (components/ui/columns-menu.tsx loads it when the menu first opens, so
// a list's first-load JS does not carry it: route budgets, scripts/check-route-budgets.mjs): every
// optional column with a checkbox and buttons moving it up or down (focus stays on the moved column
// and its new place is announced), the density, and the links applying the choice or resetting it.
import { ArrowDown, ArrowUp } from "lucide-react";
import { useId, useRef, useState } from "react";
import { buttonClassName } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import { defaultTableDensity, type TableDensity, tableDensities, tableLookHref } from "@/lib/vocabulary/table-columns";

// Each column's two move buttons.
const moves = [
  { direction: "up", step: -1, Icon: ArrowUp },
  { direction: "down", step: 1, Icon: ArrowDown },
] as const;

export function ColumnsPanel<Column extends string>({
  all,
  columns,
  density,
  names,
  hint,
  path,
  baseQuery,
  t,
}: {
  /** Every optional column, in the usual order. */
  all: readonly Column[];
  /** The columns shown now, in order. */
  columns: readonly Column[];
  density: TableDensity;
  names: Record<Column, string>;
  /** What stays whatever the choice (e.g. which column is always first). */
  hint: string;
  /** The list's path ("/audit-log") and the rest of its query (no "?"; its cols and density are replaced). */
  path: string;
  baseQuery: string;
  t: ClientMessages<"columnsMenu">;
}) {
  const id = useId();
  const hrefFor = (chosen: readonly Column[], chosenDensity: TableDensity) => tableLookHref(path, baseQuery, all, chosen, chosenDensity);
  // Every optional column in its place: the shown ones in their order, then the hidden ones.
  const [order, setOrder] = useState<Column[]>(() => [...columns, ...all.filter((column) => !columns.includes(column))]);
  const [shown, setShown] = useState<ReadonlySet<Column>>(() => new Set(columns));
  const [chosenDensity, setChosenDensity] = useState<TableDensity>(density);
  const [announcement, setAnnouncement] = useState("");
  const list = useRef<HTMLOListElement>(null);

  function move(index: number, step: -1 | 1) {
    const target = index + step;
    const next = [...order];
    [next[index], next[target]] = [next[target]!, next[index]!];
    setOrder(next);
    const column = next[target]!;
    setAnnouncement(fill(t["columns.moved"], { column: names[column], position: target + 1, count: next.length }));
    // Focus stays on the moved column: on the same button, or the other one when it reached an end.
    const edge = target === 0 || target === next.length - 1;
    const direction = edge ? (step === -1 ? "down" : "up") : step === -1 ? "up" : "down";
    requestAnimationFrame(() =>
      list.current?.querySelector<HTMLButtonElement>(`[data-column="${column}"][data-move="${direction}"]`)?.focus(),
    );
  }

  function toggle(column: Column) {
    const next = new Set(shown);
    if (next.has(column)) next.delete(column);
    else next.add(column);
    setShown(next);
  }

  const chosen = order.filter((column) => shown.has(column));
  const href = chosen.length > 0 ? hrefFor(chosen, chosenDensity) : undefined;
  return (
    <>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">{t["columns.legend"]}</legend>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
        <ol ref={list} className="mt-2 space-y-1" aria-describedby={`${id}-hint`}>
          {order.map((column, index) => (
            <li key={column} className="flex items-center gap-2">
              <input
                id={`${id}-${column}`}
                type="checkbox"
                checked={shown.has(column)}
                onChange={() => toggle(column)}
                className="h-4 w-4"
              />
              <label htmlFor={`${id}-${column}`} className="flex-1 text-sm">
                {names[column]}
              </label>
              {moves.map(({ direction, step, Icon }) => (
                <button
                  key={direction}
                  type="button"
                  data-column={column}
                  data-move={direction}
                  className={buttonClassName({ variant: "ghost", size: "iconSm" })}
                  aria-label={fill(t[`columns.${direction}`], { column: names[column] })}
                  disabled={index + step < 0 || index + step >= order.length}
                  onClick={() => move(index, step)}
                >
                  <Icon aria-hidden="true" className="h-4 w-4" />
                </button>
              ))}
            </li>
          ))}
        </ol>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">{t["columns.density"]}</legend>
        <div className="mt-1 flex gap-4">
          {tableDensities.map((option) => (
            <label key={option} className="inline-flex items-center gap-1.5 text-sm">
              <input
                type="radio"
                name={`${id}-density`}
                value={option}
                checked={chosenDensity === option}
                onChange={() => setChosenDensity(option)}
              />
              {t[`columns.density.${option}`]}
            </label>
          ))}
        </div>
      </fieldset>
      <p role="status" className="text-sm text-slate-700">
        {announcement}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {href ? (
          <Link href={href} className={buttonClassName({ size: "sm" })}>
            {t["columns.apply"]}
          </Link>
        ) : (
          <p role="alert" className="text-sm text-red-800">
            {t["columns.atLeastOne"]}
          </p>
        )}
        <Link href={hrefFor(all, defaultTableDensity)} className="text-sm font-medium text-brand-700 underline underline-offset-2">
          {t["columns.reset"]}
        </Link>
      </div>
    </>
  );
}
