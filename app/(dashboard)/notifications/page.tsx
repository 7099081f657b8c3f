// The notification centre: every alert the checks raised, newest first, with this operator's read
// state, a link to what explains it, and mark-as-read.
import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { MarkReadButton } from "@/components/alerts/mark-read-button";
import { PageHeader } from "@/components/ui/page-header";
import { roleCan } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { listNotifications } from "@/lib/db/queries/notifications";
import { formatBRL, formatDateTime } from "@/lib/format";
import { getMessages } from "@/lib/i18n/locale";
import { fill } from "@/lib/i18n/fill";
import { getDb } from "@/lib/server/runtime";

export const metadata: Metadata = { title: "Notifications" };

export default async function NotificationsPage() {
  const operator = await requirePageOperator("read");
  const { locale, t } = await getMessages();
  const items = await listNotifications(await getDb(), operator.id);
  const unread = items.filter((item) => !item.readAt).length;
  return (
    <>
      <PageHeader title={t["notifications.title"]} description={t["notifications.intro"]} />
      <div className="mb-4 flex flex-wrap items-center gap-4">
        {unread ? (
          <MarkReadButton target={{ all: true }} label={t["notifications.markAllRead"]} failedLabel={t["notifications.markReadFailed"]} />
        ) : null}
        {roleCan(operator.role, "manageOperators") ? (
          <Link href="/settings/alerts" className="text-sm font-medium text-brand-700 underline">
            {t["notifications.settingsLink"]}
          </Link>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p>{t["notifications.empty"]}</p>
      ) : (
        <ul className="space-y-3" aria-label={t["notifications.listLabel"]} data-testid="notifications">
          {items.map((item) => {
            const details = Object.fromEntries(Object.entries(item.details).map(([key, value]) => [key, value ?? ""]));
            return (
              <li
                key={item.id}
                className={`rounded-lg border bg-white p-3 ${item.readAt ? "border-slate-300" : "border-amber-500"}`}
                data-read={item.readAt ? "true" : "false"}
              >
                <p className="flex flex-wrap items-center gap-2">
                  <span
                    className={`rounded px-2 text-xs font-semibold ${item.readAt ? "bg-slate-200 text-slate-900" : "bg-amber-200 text-slate-900"}`}
                  >
                    {item.readAt ? t["notifications.read"] : t["notifications.unread"]}
                  </span>
                  <strong>{fill(t[`alert.${item.rule}`], details)}</strong>
                  {typeof item.details.amountCents === "number" ? (
                    <span className="tabular-nums">{formatBRL(item.details.amountCents)}</span>
                  ) : null}
                </p>
                <p className="mt-1 text-sm text-slate-700">
                  {fill(t["notifications.openedAt"], { at: formatDateTime(locale, item.createdAt) })}
                </p>
                <p className="mt-2 flex flex-wrap items-center gap-4 text-sm">
                  <Link href={item.href} className="font-medium text-brand-700 underline">
                    {t["notifications.open"]}
                  </Link>
                  {item.readAt ? null : (
                    <MarkReadButton
                      target={{ ids: [item.id] }}
                      label={t["notifications.markRead"]}
                      failedLabel={t["notifications.markReadFailed"]}
                    />
                  )}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
