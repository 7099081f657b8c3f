// "First" / "Previous" / "Next" links under a keyset-paginated list drawn with
// components/ui/data-table.tsx (issue #53): each link is the list's URL with its filters and order
// and an opaque cursor (lib/schemas/list-sort.ts), never an offset. Server-rendered, no script.
import { buttonClassName } from "@/components/ui/button";
import { Link } from "@/components/ui/link";

const linkStyle = buttonClassName({ variant: "secondary", size: "sm" });

export function ListPager({
  label,
  first,
  newer,
  older,
  t,
}: {
  /** Names the navigation landmark ("Pages of customers"). */
  label: string;
  /** The first page's URL, when this page is not the first. */
  first?: string;
  newer?: string;
  older?: string;
  t: { first: string; newer: string; older: string };
}) {
  if (!first && !newer && !older) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3">
      {first ? (
        <Link href={first} className={linkStyle}>
          {t.first}
        </Link>
      ) : null}
      {newer ? (
        <Link href={newer} className={linkStyle} rel="prev">
          {t.newer}
        </Link>
      ) : null}
      {older ? (
        <Link href={older} className={linkStyle} rel="next">
          {t.older}
        </Link>
      ) : null}
    </nav>
  );
}
