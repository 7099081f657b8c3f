// The header's notification link: the operator's unread count, rendered on the server with each
// page. The count is read with the page's session (requirePageOperator), in the same statement.
import Link from "next/link";
import { StaticIcon } from "@/components/ui/static-icon";
import type { Messages } from "@/lib/i18n/messages";

export function NotificationBell({ unread, t }: { unread: number; t: Messages }) {
  return (
    <Link
      href="/notifications"
      className="flex items-center gap-2 rounded-md border border-slate-400 px-3 py-1 font-medium hover:bg-slate-100"
      data-testid="notification-bell"
    >
      {/* On phones the bell icon stands for the word, which stays for screen readers. */}
      <StaticIcon name="Bell" className="size-4 md:hidden" />
      <span className="sr-only md:not-sr-only">{t["notifications.headerLink"]}</span>
      <span
        className={`rounded-full px-2 text-xs font-bold tabular-nums ${unread ? "bg-red-700 text-white" : "bg-slate-200 text-slate-900"}`}
        data-testid="notification-unread"
      >
        {unread}
      </span>
      <span className="sr-only">{t["notifications.unreadSuffix"]}</span>
    </Link>
  );
}
