// "Newer" / "Older" links for the keyset-paginated list: each carries the filters and an opaque
// cursor (the key of the row next to the page), never an offset.
import { Link } from "@/components/ui/link";
import { buttonClassName } from "@/components/ui/button";
import type { LedgerPage } from "@/lib/vocabulary/ledger-page";
import type { Messages } from "@/lib/i18n/messages";
import { ledgerQueryString, type LedgerFilterValues } from "@/lib/schemas/ledger-filters";

const linkStyle = buttonClassName({ variant: "secondary", size: "sm" });

export function LedgerPagination({
  page,
  values,
  showNewest,
  t,
}: {
  page: LedgerPage;
  values: LedgerFilterValues;
  showNewest: boolean;
  t: Messages;
}) {
  if (!page.newer && !page.older && !showNewest) return null;
  return (
    <nav aria-label={t["ledger.pages"]} className="mt-4 flex flex-wrap items-center gap-3">
      {showNewest ? (
        <Link href={`/transactions${ledgerQueryString(values)}`} className={linkStyle}>
          {t["ledger.newest"]}
        </Link>
      ) : null}
      {page.newer ? (
        <Link href={`/transactions${ledgerQueryString(values, page.newer)}`} className={linkStyle} rel="prev">
          {t["ledger.newer"]}
        </Link>
      ) : null}
      {page.older ? (
        <Link href={`/transactions${ledgerQueryString(values, page.older)}`} className={linkStyle} rel="next">
          {t["ledger.older"]}
        </Link>
      ) : null}
    </nav>
  );
}
