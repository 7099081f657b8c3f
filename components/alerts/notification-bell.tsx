// The header's notification link: the operator's unread count, rendered on the server with each
// page (read with the page's session, requirePageOperator, in the same statement), then kept
// current in the browser as query data (LiveUnreadCount).
import { Link } from "@/components/ui/link";
import { LiveUnreadCount } from "@/components/alerts/live-unread-count";
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
      <LiveUnreadCount initial={unread} />
      <span className="sr-only">{t["notifications.unreadSuffix"]}</span>
    </Link>
  );
}
