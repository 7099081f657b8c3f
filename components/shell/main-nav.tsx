"use client";
// The dashboard's navigation: links grouped by what people do (receive, send, follow, configure),
// each with its icon (a CSS mask named by the item, components/ui/static-icon.tsx: no icon code ships
// to the browser). The links' look is a rule on their list, not ~100 bytes of classes on each of the
// ~22 links of every page's HTML; the current page is marked, and coloured, by aria-current.
// The same list is the sidebar on wide screens and the content of the phone menu (phone-menu.tsx);
// the current page is marked with aria-current.
import { Link } from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { StaticIcon, type StaticIconName } from "@/components/ui/static-icon";

export type NavItem = { href: string; label: string; icon: StaticIconName };
export type NavGroup = { id: string; label: string; items: NavItem[] };
/** The phone menu's words (phone-menu.tsx and its dialog). */
export type PhoneMenuLabels = { open: string; title: string; close: string; nav: string };

function isCurrent(href: string, pathname: string) {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}

// Every link's look, and the current one's (aria-current), set once on the list.
const navLinksLook =
  "flex flex-col gap-4 [&_a]:flex [&_a]:items-center [&_a]:gap-2 [&_a]:rounded-md [&_a]:px-3 [&_a]:py-2 [&_a]:text-sm [&_a]:font-medium [&_a]:text-slate-800 [&_a:not([aria-current=page]):hover]:bg-slate-200 [&_a[aria-current=page]]:bg-brand-700 [&_a[aria-current=page]]:text-white";

export function NavLinks({ groups, idPrefix, onNavigate }: { groups: NavGroup[]; idPrefix: string; onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <div className={navLinksLook}>
      {groups.map((group) => (
        <div key={group.id}>
          <p id={`${idPrefix}-${group.id}`} className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
            {group.label}
          </p>
          <ul aria-labelledby={`${idPrefix}-${group.id}`} className="flex flex-col gap-0.5">
            {group.items.map((item) => {
              const current = isCurrent(item.href, pathname);
              return (
                <li key={item.href}>
                  <Link href={item.href} aria-current={current ? "page" : undefined} onClick={onNavigate}>
                    <StaticIcon name={item.icon} />
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** The sidebar, on wide screens only (phones open the same links from the menu button). */
export function MainNav({ groups, label }: { groups: NavGroup[]; label: string }) {
  return (
    <nav aria-label={label} className="hidden print:hidden md:block md:w-56 md:shrink-0">
      <NavLinks groups={groups} idPrefix="sidebar" />
    </nav>
  );
}
