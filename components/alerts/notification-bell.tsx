// The header's notification link: the operator's unread count, rendered on the server with each page.
import Link from "next/link";
import { countUnreadNotifications } from "@/lib/db/queries/notifications";
import type { Messages } from "@/lib/i18n/messages";
import { getDb } from "@/lib/server/runtime";

export async function NotificationBell({ userId, t }: { userId: string; t: Messages }) {
  const unread = await countUnreadNotifications(await getDb(), userId);
  return (
    <Link
      href="/notifications"
      className="flex items-center gap-2 rounded-md border border-slate-400 px-3 py-1 font-medium hover:bg-slate-100"
      data-testid="notification-bell"
    >
      {t["notifications.headerLink"]}
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
