// The page links of a keyset-paginated list (components/ui/data-table.tsx): "First page", "Previous"
// and "Next", each a link carrying the list's filters and order and an opaque cursor (the key of the
// row next to the page), never an offset. Absent links are not drawn; nothing when there is one page.
import { buttonClassName } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import type { Messages } from "@/lib/i18n/messages";

const linkStyle = buttonClassName({ variant: "secondary", size: "sm" });

export function KeysetPagination({
  first,
  previous,
  next,
  t,
}: {
  /** The list's first page, shown when the page is not it. */
  first?: string;
  previous?: string;
  next?: string;
  /** The page links' words (a client component passes just these). */
  t: Pick<Messages, "table.pages" | "table.first" | "table.previous" | "table.next">;
}) {
  if (!first && !previous && !next) return null;
  return (
    <nav aria-label={t["table.pages"]} className="mt-4 flex flex-wrap items-center gap-3">
      {first ? (
        <Link href={first} className={linkStyle}>
          {t["table.first"]}
        </Link>
      ) : null}
      {previous ? (
        <Link href={previous} className={linkStyle} rel="prev">
          {t["table.previous"]}
        </Link>
      ) : null}
      {next ? (
        <Link href={next} className={linkStyle} rel="next">
          {t["table.next"]}
        </Link>
      ) : null}
    </nav>
  );
}
