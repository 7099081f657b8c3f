// A sortable column's header cell: `aria-sort` when the list is in that column's order, and a link
// to the list in the column's next order (descending first, then ascending), named for screen
// readers by `label` (e.g. "Amount: largest first"). Used by components/ui/data-table.tsx and the
// Transactions list's table; rendered on the server or the client alike (no hooks). Its arrows are
// drawn by CSS (components/ui/static-icon.tsx): lucide's components are client components, and
// rendering them here put lucide's runtime into every sorted list's first-load JS (route budgets).
import { StaticIcon } from "@/components/ui/static-icon";

export type SortHeaderLink = {
  /** The list's URL in the order this header asks for (filters kept, page cursor dropped). */
  href: string;
  /** The link's accessible name: the column and the order it asks for. */
  label: string;
  /** Set when the list is in this column's order now. */
  state?: "ascending" | "descending";
  /**
   * Set by lists whose headers are their only order control (sortedListLinks): the word heading
   * the order links that DataTable shows above the cards on phones, where the header is hidden.
   */
  phoneOrder?: string;
};

/** The arrow for a column's order state (drawn by CSS: no client code). */
export function SortArrow({ state }: { state: SortHeaderLink["state"] }) {
  return state === "ascending" ? (
    <StaticIcon name="ArrowUp" className="h-3.5 w-3.5" />
  ) : state === "descending" ? (
    <StaticIcon name="ArrowDown" className="h-3.5 w-3.5" />
  ) : (
    <StaticIcon name="ArrowUpDown" className="h-3.5 w-3.5 text-slate-600" />
  );
}

export function SortHeader({
  name,
  sort,
  className,
  testId,
}: {
  name: string;
  sort?: SortHeaderLink;
  className?: string;
  testId?: string;
}) {
  return (
    <th scope="col" className={className} aria-sort={sort?.state}>
      {sort ? (
        <a
          href={sort.href}
          aria-label={sort.label}
          data-testid={testId}
          className="inline-flex items-center gap-1 text-slate-900 underline decoration-slate-400 underline-offset-2"
        >
          {name}
          <SortArrow state={sort.state} />
        </a>
      ) : (
        name
      )}
    </th>
  );
}
