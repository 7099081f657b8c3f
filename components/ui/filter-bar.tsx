// A compact filter bar for lists: the search (or main field) and the Apply button on one line, the
// other fields in a disclosure (closed unless one of them needs attention), and the active filters
// as chips below, each a link that removes it. A plain GET form: it works without JavaScript.
import { SlidersHorizontal, X } from "lucide-react";
import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/**
 * One active filter. `verbatim`: the value is what the person typed or chose from their own data
 * (a search term, an e-mail), shown as typed and marked translate="no", like all data.
 */
export type FilterChip = { name: string; label: string; value: string; removeHref: string; verbatim?: boolean };

export function FilterBar({
  action,
  label,
  main,
  submitLabel,
  moreLabel,
  moreOpen,
  children,
}: {
  action: string;
  label: string;
  main?: ReactNode;
  submitLabel: string;
  moreLabel: string;
  moreOpen?: boolean;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet announced by every screen reader we support; role=search on the form is
    <form method="get" action={action} role="search" aria-label={label} className="mb-3 rounded-lg border border-slate-300 bg-white p-3">
      <div className="flex flex-wrap items-end gap-2">
        {main ? <div className="min-w-[12rem] flex-1">{main}</div> : null}
        <Button type="submit">{submitLabel}</Button>
      </div>
      <details open={moreOpen} className="group mt-2">
        <summary className="inline-flex cursor-pointer items-center gap-1.5 rounded text-sm font-medium text-brand-700 underline underline-offset-2">
          <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
          {moreLabel}
        </summary>
        <div className="mt-3 space-y-3">{children}</div>
      </details>
    </form>
  );
}

/** The active filters, each removable on its own, and a link clearing them all. */
export function FilterChips({
  chips,
  label,
  removeLabel,
  clearHref,
  clearLabel,
}: {
  chips: FilterChip[];
  label: string;
  /** "Remove filter {filter}", {filter} standing for "Name: value". */
  removeLabel: string;
  clearHref: string;
  clearLabel: string;
}) {
  if (chips.length === 0) return null;
  // The link's accessible name is its own text ("Remove filter" hidden around the visible "Name:
  // value"), not an aria-label: a verbatim value then stays inside translate="no" for screen readers
  // and translators alike.
  const [removeBefore = "", removeAfter = ""] = removeLabel.split("{filter}");
  return (
    <ul aria-label={label} className="mb-3 flex flex-wrap items-center gap-2" data-testid="filter-chips">
      {chips.map((chip) => (
        <li key={chip.name}>
          <Link
            href={chip.removeHref}
            className="inline-flex max-w-[20rem] items-center gap-1 rounded-full border border-brand-700 bg-slate-50 px-3 py-1 text-sm text-slate-900 hover:bg-white"
          >
            {removeBefore && <span className="sr-only">{removeBefore}</span>}
            <span className="truncate">
              <span className="text-slate-700">{chip.label}:</span>{" "}
              <span className="font-semibold" translate={chip.verbatim ? "no" : undefined}>
                {chip.value}
              </span>
            </span>
            {removeAfter && <span className="sr-only">{removeAfter}</span>}
            <X aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
          </Link>
        </li>
      ))}
      <li>
        <Link href={clearHref} className="text-sm font-medium text-brand-700 underline underline-offset-2">
          {clearLabel}
        </Link>
      </li>
    </ul>
  );
}
