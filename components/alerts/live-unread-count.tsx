"use client";
// The header's unread count as query data: the page's render seeds it (no flash), then it is
// polled (alerts come from a background job: nothing pushes them), fetched on focus, and fetched
// at once when "Mark as read" or a transaction's status moves invalidates it (unreadNotificationsKey),
// so the badge changes with the ledger row that raised its alert. The count is of the centre's
// newest 100 (lib/db/queries/notifications.ts, notificationsShown): "99+" from 100.
import { useQuery } from "@tanstack/react-query";
import { unreadNotificationsKey } from "@/components/alerts/notification-keys";

const pollMs = 5_000;

export function LiveUnreadCount({ initial }: { initial: number }) {
  const { data: unread } = useQuery({
    queryKey: unreadNotificationsKey,
    queryFn: async ({ signal }) => {
      const response = await fetch("/api/notifications/unread", { cache: "no-store", signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return ((await response.json()) as { unread: number }).unread;
    },
    initialData: initial,
    refetchInterval: pollMs,
  });
  return (
    <span
      className={`rounded-full px-2 text-xs font-bold tabular-nums ${unread ? "bg-red-700 text-white" : "bg-slate-200 text-slate-900"}`}
      data-testid="notification-unread"
    >
      {unread > 99 ? "99+" : unread}
    </span>
  );
}
