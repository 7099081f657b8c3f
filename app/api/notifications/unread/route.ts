// The signed-in operator's unread notification count: the header's badge polls it (alerts are
// raised by a background job, which has no stream to push them) and fetches it again after
// "Mark as read" or a status that moved (components/alerts/live-unread-count.tsx).
import { NextResponse } from "next/server";
import { countUnreadNotifications } from "@/lib/db/queries/notifications";
import { operatorRoute } from "@/lib/http/operator-route";

export const dynamic = "force-dynamic";

export const GET = operatorRoute({ name: "notifications.unread", capability: "read" }, async (_request, { db, operator }) => {
  const unread = await countUnreadNotifications(db, operator.id);
  return NextResponse.json({ unread }, { headers: { "cache-control": "no-store" } });
});
