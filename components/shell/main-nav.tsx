"use client";
// The dashboard's navigation: links grouped by what people do (receive, send, follow, configure),
// each with its icon (rendered on the server and passed in, so no icon code ships to the browser).
// The same list is the sidebar on wide screens and the content of the phone menu (phone-menu.tsx);
// the current page is marked with aria-current.
import { Link } from "@/components/ui/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

export type NavItem = { href: string; label: string; icon: ReactNode };
export type NavGroup = { id: string; label: string; items: NavItem[] };
/** The phone menu's words (phone-menu.tsx and its dialog). */
export type PhoneMenuLabels = { open: string; title: string; close: string; nav: string };

function isCurrent(href: string, pathname: string) {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}

export function NavLinks({ groups, idPrefix, onNavigate }: { groups: NavGroup[]; idPrefix: string; onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <div className="flex flex-col gap-4">
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
                  <Link
                    href={item.href}
                    aria-current={current ? "page" : undefined}
                    onClick={onNavigate}
                    className={`flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${current ? "bg-brand-700 text-white" : "text-slate-800 hover:bg-slate-200"}`}
                  >
                    {item.icon}
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
