import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { listRecentAuditEvents } from "@/lib/db/queries/audit-events";
import { getMessages } from "@/lib/i18n/locale";
import { getDb } from "@/lib/server/runtime";
import { dateTimeFormat } from "@/lib/i18n/date-time-format";
import { DataTable } from "@/components/ui/data-table";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditLogPage() {
  await requirePageOperator("readAuditLog");
  const { locale, t } = await getMessages();
  const events = await listRecentAuditEvents(await getDb());
  const dateFormat = dateTimeFormat(locale, { dateStyle: "short", timeStyle: "medium" });
  return (
    <>
      <PageHeader title={t["auditLog.title"]} description={t["auditLog.intro"]} />
      {events.length === 0 ? (
        <p>{t["auditLog.empty"]}</p>
      ) : (
        <DataTable
          caption={t["auditLog.title"]}
          columns={[t["auditLog.when"], t["auditLog.who"], t["auditLog.action"], t["auditLog.outcome"], t["auditLog.details"]]}
        >
          {events.map((event) => (
            <tr key={event.id} className="border-t border-slate-200 align-top">
              <td className="whitespace-nowrap px-3 py-2">{dateFormat.format(event.occurredAt)}</td>
              <td className="px-3 py-2">{event.actorEmail ?? "—"}</td>
              <td className="px-3 py-2 font-mono">{event.action}</td>
              <td className="px-3 py-2">{event.outcome}</td>
              <td className="px-3 py-2 font-mono text-xs break-all">
                {JSON.stringify({ ...event.details, ...(event.targetId ? { target: `${event.targetType}:${event.targetId}` } : {}) })}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
