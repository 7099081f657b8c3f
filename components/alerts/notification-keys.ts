// The query key of the header's unread count (components/alerts/live-unread-count.tsx): what
// "Mark as read" and a status that moved (an alert may follow it) invalidate.
export const unreadNotificationsKey = ["notifications", "unread"] as const;
